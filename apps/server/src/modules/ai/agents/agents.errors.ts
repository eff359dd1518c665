import type { AiAgentErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  AI_AGENT_NOT_FOUND: 'not_found',
  AI_AGENT_READ_ONLY: 'forbidden',
  AI_AGENT_LIMIT_REACHED: 'conflict',
  AI_AGENT_NOT_PUBLIC: 'conflict',
  AI_AGENT_CLONE_NOT_ALLOWED: 'forbidden',
  AI_AGENT_UNKNOWN_TOOL: 'validation',
  AI_AGENT_UNKNOWN_MEDIA: 'validation',
  AI_AGENT_UNKNOWN_COMMAND: 'validation',
  AI_RESEARCH_NOT_FOUND: 'not_found',
  AI_RESEARCH_FINISHED: 'conflict',
} as const satisfies Record<AiAgentErrorCode, ErrorCategory>;

export const agentError = defineErrors(codes);
export const agentNotFound = () =>
  agentError('AI_AGENT_NOT_FOUND', 'No agent of yours, and no public agent, has this id.');
export const agentReadOnly = () =>
  agentError('AI_AGENT_READ_ONLY', 'This agent is shared with you read-only: only its owner can change it.');
export const researchNotFound = () => agentError('AI_RESEARCH_NOT_FOUND', 'No deep research of yours has this id.');
