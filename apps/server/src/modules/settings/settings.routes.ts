import {
  billingSettingsBodySchema,
  configurationSchema,
  deleteAccountBodySchema,
  generalSettingsBodySchema,
  notificationSettingsBodySchema,
  okSchema,
  privacySettingsBodySchema,
  profileBodySchema,
  securitySettingsBodySchema,
  themeBodySchema,
  timeZonesResponseSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { authOf } from '../../platform/auth/guard.js';
import type { Clock } from '../../platform/clock.js';
import { clearAuthCookies } from '../auth/auth.cookies.js';
import { registerAuthRateLimits } from '../auth/auth.rate-limit.js';
import type { SettingsService } from './settings.service.js';
import { listTimeZones } from './time-zones.service.js';

const tags = ['settings'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
const answersConfiguration = { 200: configurationSchema };

export function settingsRoutes(deps: {
  config: AppConfig;
  clock: Clock;
  settings: SettingsService;
}): FastifyPluginAsyncZod {
  const { settings } = deps;
  return async (app) => {
    // the routes that check the password get the auth module's password-guessing limit
    const limit = await registerAuthRateLimits(app, deps.config);
    app.get(
      '/customer/configuration',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s account settings: general, profile, billing, socials, notifications, privacy, theme',
          security,
          response: answersConfiguration,
        },
      },
      async (request) => settings.getConfiguration(authOf(request).userId),
    );

    app.put(
      '/customer/settings/general',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Name, phone, time zone and time format (fields left out keep their value)',
          description: 'The email address is not changed here. `time_zone` is an IANA zone name or UTC.',
          security,
          body: generalSettingsBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updateGeneral(authOf(request).userId, request.body),
    );

    app.put(
      '/customer/settings/billing',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Billing details; `country` is an ISO 3166-1 alpha-2 code or empty',
          security,
          body: billingSettingsBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updateBilling(authOf(request).userId, request.body),
    );

    app.put(
      '/customer/settings/notifications',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Notification switches: any subset of the known keys; an unknown key is a 400',
          security,
          body: notificationSettingsBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updateNotifications(authOf(request).userId, request.body),
    );

    app.put(
      '/customer/settings/security',
      {
        preHandler: [app.authenticate, limit.hook('passwordCheck')],
        schema: {
          tags,
          summary: 'Changes the password; every other session of the account is signed out',
          security,
          body: securitySettingsBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        await settings.changePassword(userId, sessionId, request.body);
        return { ok: true as const };
      },
    );

    app.put(
      '/customer/settings/privacy',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Privacy: `support` access; `twofa` is read-only here (use /customer/2fa/*)',
          description: 'Sending `twofa` with its current value is accepted; a different value is a 400.',
          security,
          body: privacySettingsBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updatePrivacy(authOf(request).userId, request.body),
    );

    app.put(
      '/profile',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Public profile: username, biography, url, location, visibility, is_public',
          description: 'A username taken by another account is a 409 (USER_USERNAME_TAKEN).',
          security,
          body: profileBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updateProfile(authOf(request).userId, request.body),
    );

    app.put(
      '/customer/theme',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Theme: dark, light, or sync (follows the system preference)',
          security,
          body: themeBodySchema,
          response: answersConfiguration,
        },
      },
      async (request) => settings.updateTheme(authOf(request).userId, request.body.theme),
    );

    app.delete(
      '/customer/delete',
      {
        preHandler: [app.authenticate, limit.hook('passwordCheck')],
        schema: {
          tags,
          summary: 'Deletes the account and everything it owns, signs out every session',
          description:
            'Send `password`. An account created through Google sign-in has no password: send `confirm: "DELETE"` instead.',
          security,
          body: deleteAccountBodySchema.optional(),
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        await settings.deleteAccount(authOf(request).userId, request.body ?? {});
        clearAuthCookies(reply, deps.config);
        return { ok: true as const };
      },
    );

    app.get(
      '/market/timezones',
      {
        schema: {
          tags,
          summary: 'Every time zone with its current offset, sorted west to east',
          response: { 200: timeZonesResponseSchema },
        },
      },
      async () => listTimeZones(deps.clock.now()),
    );
  };
}
