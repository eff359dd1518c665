import type { ModerationItem, ModerationQueue, ModerationQueueQuery, ReportTargetKind } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

export type ModerationVerb = 'hide' | 'restore' | 'warn' | 'dismiss';

/** The moderation queue (docs/api.md "Moderation"): reported items and the staff actions on them. */
export const moderationApi = api.enhanceEndpoints({ addTagTypes: ['ModerationQueue', 'StaffAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    moderationQueue: build.query<ModerationQueue, Pick<ModerationQueueQuery, 'status' | 'page' | 'limit'>>({
      query: (params) => ({ url: '/moderation/reports', params }),
      providesTags: ['ModerationQueue'],
    }),
    moderate: build.mutation<
      ModerationItem,
      { kind: ReportTargetKind; targetId: string; verb: ModerationVerb; text?: string }
    >({
      query: ({ kind, targetId, verb, text }) => ({
        url: `/moderation/reports/${kind}/${targetId}/${verb}`,
        method: 'POST',
        body: verb === 'warn' ? { reason: text ?? '' } : text ? { note: text } : {},
      }),
      invalidatesTags: ['ModerationQueue', 'StaffAudit'],
    }),
  }),
});

// the action dialog shows its own failures
markQuietEndpoints('moderate');

export const { useModerationQueueQuery, useModerateMutation } = moderationApi;
