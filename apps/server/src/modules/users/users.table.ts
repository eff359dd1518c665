import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A customer: identity, general settings, public profile and billing details. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    theme: text('theme', { enum: ['dark', 'light', 'sync'] })
      .notNull()
      .default('dark'),
    timeZone: text('time_zone').notNull().default('UTC'),
    timeFormat: text('time_format', { enum: ['24h', '12h'] })
      .notNull()
      .default('24h'),
    // public profile
    biography: text('biography').notNull().default(''),
    url: text('url').notNull().default(''),
    location: text('location').notNull().default(''),
    visibility: text('visibility', { enum: ['everyone', 'followers', 'nobody'] })
      .notNull()
      .default('everyone'),
    isPublic: boolean('is_public').notNull().default(true),
    avatarKey: text('avatar_key'),
    bannerKey: text('banner_key'),
    // billing details
    billing: jsonb('billing')
      .$type<{
        company: string;
        coc: string;
        vat: string;
        country: string;
        city: string;
        address: string;
        state: string;
        zipcode: string;
      }>()
      .notNull()
      .default(
        sql`'{"company":"","coc":"","vat":"","country":"","city":"","address":"","state":"","zipcode":""}'::jsonb`,
      ),
    socials: jsonb('socials').$type<Record<string, string>>().notNull().default({}),
    notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
    privacy: jsonb('privacy')
      .$type<{ support: boolean; twofa: boolean }>()
      .notNull()
      .default({ support: false, twofa: false }),
    // acquisition: referral code and tracking parameters read from cookies at sign-up
    referralCode: text('referral_code'),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    // staff (issue 18: the staff console; issue 15: moderation) and admins: `tradedesk staff grant <email>` or
    // STAFF_EMAILS. Read through modules/staff/staff.access.ts.
    role: text('role', { enum: ['user', 'staff', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
