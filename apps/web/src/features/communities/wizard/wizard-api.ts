import type { Community, CreateCommunityBody } from '@tradedesk/contracts';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { communityApi } from '../community-api';

const enc = encodeURIComponent;

export type HandleAvailability = { handle: string; available: boolean; reason: string | null };
export type CommunityImageKind = 'image' | 'banner';

/** The wizard's calls: the handle checked as typed, the creation, then the image and banner uploads. */
export const wizardApi = communityApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /community/handle-available?handle= (asked again on every visit: a handle may be taken meanwhile). */
    handleAvailable: build.query<HandleAvailability, string>({
      query: (handle) => ({ url: '/community/handle-available', params: { handle } }),
      keepUnusedDataFor: 0,
    }),
    createCommunity: build.mutation<Community, CreateCommunityBody>({
      query: (body) => ({ url: '/community', method: 'POST', body }),
      invalidatesTags: ['CommunityLists'],
    }),
    /** PUT /community/{id}/image|banner (multipart, field `file`), right after the creation. */
    uploadCommunityImage: build.mutation<void, { id: string; kind: CommunityImageKind; file: File }>({
      query: ({ id, kind, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/community/${enc(id)}/${kind}`, method: 'PUT', body };
      },
      transformResponse: () => undefined,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Community', id }, 'CommunityLists'],
    }),
  }),
});

// The wizard shows these where they belong: the handle field, the review step.
markQuietEndpoints('handleAvailable', 'createCommunity', 'uploadCommunityImage');

export const { useHandleAvailableQuery, useCreateCommunityMutation, useUploadCommunityImageMutation } = wizardApi;
