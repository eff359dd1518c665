import type {
  BillingSettingsBody,
  Configuration,
  DeleteAccountBody,
  GeneralSettingsBody,
  ImageUploadResponse,
  NotificationSettingsBody,
  Ok,
  PrivacySettingsBody,
  ProfileBody,
  SecuritySettingsBody,
  SessionInfo,
  TimeZoneInfo,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { clearSession, endingSessionHere } from '../../app/base-query';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';
import { userUpdated } from '../auth';

export type ProfileImageKind = 'avatar' | 'banner';
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };
export type RecoveryCodes = { recoveryCodes: string[] };
export type RevokeSessionsResult = { revoked: number; signedOut: boolean };

const imagePaths: Record<ProfileImageKind, string> = {
  avatar: '/customer/profile/image',
  banner: '/customer/profile/banner',
};

/**
 * Account settings calls. Every settings PUT answers the whole configuration; the 'Configuration' tag
 * is invalidated so this page and every other reader of GET /customer/configuration (home) agree.
 */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    settingsConfiguration: build.query<Configuration, void>({
      query: () => ({ url: '/customer/configuration' }),
      providesTags: ['Configuration'],
    }),
    timeZones: build.query<TimeZoneInfo[], void>({
      query: () => ({ url: '/market/timezones' }),
      // Offsets only move with daylight saving time; one load per visit is plenty.
      keepUnusedDataFor: 3600,
    }),
    saveGeneralSettings: build.mutation<Configuration, GeneralSettingsBody>({
      query: (body) => ({ url: '/customer/settings/general', method: 'PUT', body }),
      invalidatesTags: ['Configuration'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The account menu shows the name from the session's user.
        if (data) dispatch(userUpdated({ firstName: data.general.firstName, lastName: data.general.lastName }));
      },
    }),
    saveProfile: build.mutation<Configuration, ProfileBody>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['Configuration'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated({ username: data.profile.username }));
      },
    }),
    saveBillingSettings: build.mutation<Configuration, BillingSettingsBody>({
      query: (body) => ({ url: '/customer/settings/billing', method: 'PUT', body }),
      invalidatesTags: ['Configuration'],
    }),
    saveNotificationSettings: build.mutation<Configuration, NotificationSettingsBody>({
      query: (body) => ({ url: '/customer/settings/notifications', method: 'PUT', body }),
      invalidatesTags: ['Configuration'],
    }),
    savePrivacySettings: build.mutation<Configuration, PrivacySettingsBody>({
      query: (body) => ({ url: '/customer/settings/privacy', method: 'PUT', body }),
      invalidatesTags: ['Configuration'],
    }),
    uploadProfileImage: build.mutation<ImageUploadResponse, { kind: ProfileImageKind; file: File }>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: imagePaths[kind], method: 'PUT', body };
      },
      invalidatesTags: ['Configuration'],
    }),
    changePassword: build.mutation<Ok, SecuritySettingsBody>({
      query: (body) => ({ url: '/customer/settings/security', method: 'PUT', body }),
      // The server signs every other session out.
      invalidatesTags: ['Sessions'],
    }),
    sessions: build.query<SessionInfo[], void>({
      query: () => ({ url: '/customer/sessions' }),
      transformResponse: (response: { sessions: SessionInfo[] }) => response.sessions,
      providesTags: ['Sessions'],
    }),
    revokeSessions: build.mutation<RevokeSessionsResult, { id?: string }>({
      query: ({ id }) => ({ url: '/customer/sessions', method: 'DELETE', ...(id ? { params: { id } } : {}) }),
      invalidatesTags: ['Sessions'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await endingSessionHere(queryFulfilled.catch(() => ({ data: null })));
        // Spec section 4: deleting this tab's own session (or all of them) signs it out.
        if (data?.signedOut) clearSession(dispatch, { byChoice: true });
      },
    }),
    startTwoFactorSetup: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/customer/2fa/setup', method: 'POST' }),
    }),
    confirmTwoFactor: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/customer/2fa/confirm', method: 'POST', body }),
      invalidatesTags: ['Configuration'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated({ twoFactorEnabled: true }));
      },
    }),
    disableTwoFactor: build.mutation<Ok, { password: string; code: string }>({
      query: (body) => ({ url: '/customer/2fa/disable', method: 'POST', body }),
      invalidatesTags: ['Configuration'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated({ twoFactorEnabled: false }));
      },
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, { password: string }>({
      query: (body) => ({ url: '/customer/2fa/recovery-codes', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<Ok, DeleteAccountBody>({
      query: (body) => ({ url: '/customer/delete', method: 'DELETE', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await endingSessionHere(queryFulfilled.catch(() => ({ data: null })));
        // Spec section 4: account deletion clears every token and cached answer, back to sign-in.
        if (data) clearSession(dispatch, { byChoice: true });
      },
    }),
  }),
});

// Each of these answers where it was asked: on the field, in the form's alert or in the page's error state.
markQuietEndpoints(
  'settingsConfiguration',
  'timeZones',
  'saveGeneralSettings',
  'saveProfile',
  'saveBillingSettings',
  'saveNotificationSettings',
  'savePrivacySettings',
  'uploadProfileImage',
  'changePassword',
  'sessions',
  'revokeSessions',
  'startTwoFactorSetup',
  'confirmTwoFactor',
  'disableTwoFactor',
  'regenerateRecoveryCodes',
  'deleteAccount',
);

export const {
  useSettingsConfigurationQuery,
  useTimeZonesQuery,
  useSaveGeneralSettingsMutation,
  useSaveProfileMutation,
  useSaveBillingSettingsMutation,
  useSaveNotificationSettingsMutation,
  useSavePrivacySettingsMutation,
  useUploadProfileImageMutation,
  useChangePasswordMutation,
  useSessionsQuery,
  useRevokeSessionsMutation,
  useStartTwoFactorSetupMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useDeleteAccountMutation,
} = settingsApi;
