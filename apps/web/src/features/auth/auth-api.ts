import type {
  activateResponseSchema,
  LoginResponse,
  loginOptionsSchema,
  mailAcceptedSchema,
  SignUpBody,
  signUpResponseSchema,
  usernameAvailabilitySchema,
  verifyResponseSchema,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import { api } from '../../app/api';
import { clearSession, endingSessionHere } from '../../app/base-query';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';
import { sessionStarted } from './auth-slice';

export type LoginOptions = z.infer<typeof loginOptionsSchema>;
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;
type MailAccepted = z.infer<typeof mailAcceptedSchema>;
type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginOptions: build.query<LoginOptions, void>({
      query: () => ({ url: '/customer/login/options' }),
    }),
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/customer/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.status === 'signed_in') {
          dispatch(
            sessionStarted({ user: data.user, sessionId: data.sessionId, accessExpiresAt: data.accessExpiresAt }),
          );
        }
      },
    }),
    loginTwoFactor: build.mutation<LoginResponse, { challengeToken: string; code: string }>({
      query: (body) => ({ url: '/customer/login/2fa', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.status === 'signed_in') {
          dispatch(
            sessionStarted({ user: data.user, sessionId: data.sessionId, accessExpiresAt: data.accessExpiresAt }),
          );
        }
      },
    }),
    verify: build.mutation<VerifyResponse, void>({
      query: () => ({ url: '/customer/verify', method: 'POST' }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/customer/logout' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Signed out locally whatever the server says: the user asked to leave.
        await endingSessionHere(queryFulfilled.catch(() => undefined));
        clearSession(dispatch, { byChoice: true });
      },
    }),
    signUp: build.mutation<z.infer<typeof signUpResponseSchema>, SignUpBody>({
      query: (body) => ({ url: '/customer', method: 'POST', body }),
    }),
    usernameAvailability: build.query<UsernameAvailability, string>({
      query: (username) => ({ url: `/profile/username/${encodeURIComponent(username)}` }),
    }),
    activate: build.mutation<z.infer<typeof activateResponseSchema>, { token: string }>({
      query: (body) => ({ url: '/customer/activate', method: 'POST', body }),
    }),
    resendActivation: build.mutation<MailAccepted, { email: string }>({
      query: (body) => ({ url: '/customer/resend', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MailAccepted, { email: string }>({
      query: (body) => ({ url: '/customer/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MailAccepted | { ok: true }, { token: string; password: string }>({
      query: (body) => ({ url: '/customer/reset', method: 'POST', body }),
    }),
  }),
});

// These answer on the page that called them (on the field, or in the page's own alert).
markQuietEndpoints(
  'login',
  'loginTwoFactor',
  'verify',
  'logout',
  'signUp',
  'usernameAvailability',
  'activate',
  'resendActivation',
  'forgotPassword',
  'resetPassword',
);

export const {
  useLoginOptionsQuery,
  useLoginMutation,
  useLoginTwoFactorMutation,
  useVerifyMutation,
  useLogoutMutation,
  useSignUpMutation,
  useLazyUsernameAvailabilityQuery,
  useActivateMutation,
  useResendActivationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
