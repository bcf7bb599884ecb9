import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** The database's current time in UTC, whatever the session time zone (stored UTC). */
export const utcNow = sql`(now() at time zone 'utc')`;

/** A UTC `YYYY-MM-DD HH:mm:ss` timestamp, read and written as that string. */
export const utcTimestamp = (name: string) => timestamp(name, { mode: 'string', precision: 0 });

export const createdAt = () => utcTimestamp('created_at').notNull().default(utcNow);
export const updatedAt = () => utcTimestamp('updated_at').notNull().default(utcNow);
