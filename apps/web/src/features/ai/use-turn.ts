import type { AiAction, AiAnswer, AiDeepResearch, AiSource, AiStep, AiStreamEvent } from '@tradedesk/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { refreshSession } from '../../app/base-query';
import { useAppDispatch } from '../../app/hooks';
import { aiApi } from './ai-api';
import { streamTurn } from './sse';

/** A turn as it streams: what the thought panel, the link panel and the live answer show. */
export type TurnState = {
  running: boolean;
  /** The user's message being answered (shown at once, before the server stores it). */
  question: string | null;
  chatId: string | null;
  model: AiAnswer['model'] | null;
  text: string;
  steps: AiStep[];
  sources: AiSource[];
  actions: AiAction[];
  research: AiDeepResearch | null;
  answer: AiAnswer | null;
  error: { statusCode: number; code: string; message: string } | null;
};

export const idleTurn: TurnState = {
  running: false,
  question: null,
  chatId: null,
  model: null,
  text: '',
  steps: [],
  sources: [],
  actions: [],
  research: null,
  answer: null,
  error: null,
};

type Action = { type: 'begin'; question: string | null; chatId: string | null } | { type: 'end' } | AiStreamEvent;

const upsert = <T extends { id: string }>(list: T[], item: T) =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

/** Folds one stream event into the turn. */
export function turnReducer(state: TurnState, action: Action): TurnState {
  switch (action.type) {
    case 'begin':
      return { ...idleTurn, running: true, question: action.question, chatId: action.chatId };
    case 'end':
      return { ...state, running: false };
    case 'start':
      return { ...state, chatId: action.chat_id, model: action.model };
    case 'step':
      return { ...state, steps: upsert(state.steps, action.step) };
    case 'delta':
      return { ...state, text: state.text + action.text };
    case 'source':
      return state.sources.some((s) => s.n === action.source.n)
        ? state
        : { ...state, sources: [...state.sources, action.source] };
    case 'action':
      return { ...state, actions: upsert(state.actions, action.action) };
    case 'research':
      return { ...state, research: action.research };
    case 'answer':
      return {
        ...state,
        answer: action.answer,
        chatId: action.answer.chat_id,
        text: action.answer.text,
        sources: action.answer.sources,
        actions: action.answer.actions,
        steps: action.answer.steps.length ? action.answer.steps : state.steps,
      };
    case 'error':
      return { ...state, error: { statusCode: action.statusCode, code: action.code, message: action.message } };
  }
}

export type TurnRequest = {
  path: string;
  body: unknown;
  question: string | null;
  chatId: string | null;
  method?: 'PUT';
};

/**
 * Runs streamed turns one at a time: `run` starts one (cancelling a turn still running), `cancel` stops reading it.
 * When a turn ends the chat, the chats list and the usage are read again, so the stored answer replaces the live one.
 */
export function useTurn(onDone?: (chatId: string | null) => void) {
  const [state, dispatch] = useReducer(turnReducer, idleTurn);
  const appDispatch = useAppDispatch();
  const controller = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const last = useRef<TurnRequest | null>(null);

  const run = useCallback(
    async (request: TurnRequest) => {
      last.current = request;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      dispatch({ type: 'begin', question: request.question, chatId: request.chatId });
      let chatId = request.chatId;
      await streamTurn(request.path, request.body, {
        signal: abort.signal,
        method: request.method,
        refresh: () => refreshSession(appDispatch),
        onEvent: (event) => {
          if (event.type === 'start') chatId = event.chat_id;
          if (event.type === 'answer') chatId = event.answer.chat_id;
          dispatch(event);
        },
      });
      if (abort.signal.aborted) return;
      dispatch({ type: 'end' });
      const tags = [{ type: 'AiChats' as const }, { type: 'AiUsage' as const }];
      appDispatch(aiApi.util.invalidateTags(chatId ? [...tags, { type: 'AiChat' as const, id: chatId }] : tags));
      done.current?.(chatId);
    },
    [appDispatch],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'end' });
  }, []);

  /**
   * Sends the last turn again (after a time limit, a lost connection or a server failure). A turn that failed left
   * nothing stored (the server takes its message back), so asking again adds no second copy.
   */
  const retry = useCallback(() => {
    if (last.current) void run(last.current);
  }, [run]);

  const reset = useCallback(() => {
    controller.current?.abort();
    dispatch({ type: 'begin', question: null, chatId: null });
    dispatch({ type: 'end' });
  }, []);

  useEffect(() => () => controller.current?.abort(), []);
  return { state, run, cancel, reset, retry };
}
