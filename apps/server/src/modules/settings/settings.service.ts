import {
  type BillingSettingsBody,
  type Configuration,
  type DeleteAccountBody,
  type GeneralSettingsBody,
  type NotificationKey,
  type NotificationSettingsBody,
  notificationDefaults,
  notificationKeys,
  type PrivacySettingsBody,
  type ProfileBody,
  type SecuritySettingsBody,
  type Theme,
} from '@tradedesk/contracts';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { ProfileImagesService } from './profile-images.service.js';
import { settingsError } from './settings.errors.js';

/** What settings needs of the auth module (modules/auth/auth.service.ts). */
export type SettingsAuth = {
  verifyPassword(userId: string, password: string): Promise<boolean>;
  changePassword(userId: string, currentPassword: string, newPassword: string, keepSessionId?: string): Promise<void>;
  revokeAllSessions(userId: string, reason?: string): Promise<unknown>;
};

type UserPatch = Parameters<UsersService['update']>[1];

/** Drops the fields a PUT left out, so they keep their stored value. */
function defined<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function notificationsOf(stored: Record<string, boolean>): Configuration['notifications'] {
  const entries = notificationKeys.map((k) => [camel(k), stored[k] ?? notificationDefaults[k]] as const);
  return Object.fromEntries(entries) as Configuration['notifications'];
}

/** Account settings: the one configuration document and the PUTs that change its parts. */
export function createSettingsService(deps: {
  users: UsersService;
  auth: SettingsAuth;
  images: ProfileImagesService;
  /** Forgets kept mail to a deleted account's address. */
  forgetMail: (email: string) => Promise<void>;
}) {
  const { users, auth, images } = deps;

  function toConfiguration(user: UserRow): Configuration {
    return {
      general: {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        theme: user.theme,
        timeZone: user.timeZone,
        timeFormat: user.timeFormat,
        created: user.createdAt.toISOString(),
        updated: user.updatedAt.toISOString(),
        username: user.username,
      },
      profile: {
        username: user.username,
        biography: user.biography,
        url: user.url,
        location: user.location,
        visibility: user.visibility,
        isPublic: user.isPublic,
        avatar: images.urlOf(user.avatarKey),
        banner: images.urlOf(user.bannerKey),
      },
      billing: { ...user.billing },
      socials: { ...user.socials },
      notifications: notificationsOf(user.notifications),
      privacy: { support: user.privacy.support, twofa: user.privacy.twofa },
      theme: user.theme,
    };
  }

  async function patch(userId: string, changes: UserPatch): Promise<Configuration> {
    return toConfiguration(await users.update(userId, changes));
  }

  return {
    async getConfiguration(userId: string): Promise<Configuration> {
      return toConfiguration(await users.getById(userId));
    },

    async updateGeneral(userId: string, body: GeneralSettingsBody): Promise<Configuration> {
      return patch(
        userId,
        defined({
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          timeZone: body.time_zone,
          timeFormat: body.time_format,
        }),
      );
    },

    async updateBilling(userId: string, body: BillingSettingsBody): Promise<Configuration> {
      const user = await users.getById(userId);
      return patch(userId, { billing: { ...user.billing, ...defined(body) } });
    },

    async updateNotifications(userId: string, body: NotificationSettingsBody): Promise<Configuration> {
      const user = await users.getById(userId);
      const next: Record<string, boolean> = {};
      for (const key of notificationKeys) {
        next[key] = body[key] ?? user.notifications[key] ?? notificationDefaults[key as NotificationKey];
      }
      return patch(userId, { notifications: next });
    },

    async updatePrivacy(userId: string, body: PrivacySettingsBody): Promise<Configuration> {
      const user = await users.getById(userId);
      if (body.twofa !== undefined && body.twofa !== user.privacy.twofa) {
        throw settingsError.onField(
          'twofa',
          'SETTINGS_TWOFA_READ_ONLY',
          `Two-factor authentication is turned ${body.twofa ? 'on' : 'off'} in the two-factor settings ` +
            `(/customer/2fa/${body.twofa ? 'setup' : 'disable'}), not here.`,
        );
      }
      return patch(userId, { privacy: { ...user.privacy, support: body.support ?? user.privacy.support } });
    },

    async updateProfile(userId: string, body: ProfileBody): Promise<Configuration> {
      // A taken username surfaces from the unique index as 409 USER_USERNAME_TAKEN ('username: ...').
      return patch(
        userId,
        defined({
          username: body.username,
          biography: body.biography,
          url: body.url,
          location: body.location,
          visibility: body.visibility,
          isPublic: body.is_public,
        }),
      );
    },

    async updateTheme(userId: string, theme: Theme): Promise<Configuration> {
      return patch(userId, { theme });
    },

    /** Keeps the caller's session and signs every other one out. */
    async changePassword(userId: string, sessionId: string, body: SecuritySettingsBody): Promise<void> {
      if (body.new_password === body.current_password) {
        throw settingsError.onField(
          'new_password',
          'SETTINGS_PASSWORD_UNCHANGED',
          'New password must differ from the current password.',
        );
      }
      await auth.changePassword(userId, body.current_password, body.new_password, sessionId);
    },

    /**
     * Deletes the account after proving it is the owner: the password, or `confirm: 'DELETE'` for an
     * account without one (created through Google sign-in). Rows that belong to the user cascade.
     */
    async deleteAccount(userId: string, body: DeleteAccountBody): Promise<void> {
      const user = await users.getById(userId);
      if (user.passwordHash) {
        if (body.password === undefined) {
          throw settingsError.onField(
            'password',
            'SETTINGS_PASSWORD_REQUIRED',
            'Password is required to delete the account.',
          );
        }
        if (!(await auth.verifyPassword(userId, body.password))) {
          throw settingsError.onField('password', 'SETTINGS_PASSWORD_INCORRECT', 'The password is incorrect.');
        }
      } else if (body.confirm !== 'DELETE') {
        throw settingsError.onField(
          'confirm',
          'SETTINGS_CONFIRM_REQUIRED',
          'This account has no password: type the word DELETE to confirm.',
        );
      }
      // Revoking first publishes session.revoked, so every open browser of this user signs out.
      await auth.revokeAllSessions(userId, 'account_deleted');
      await users.delete(userId);
      await images.removeAll(user);
      await deps.forgetMail(user.email);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
