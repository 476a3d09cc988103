import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/** A validated application (counts are whole numbers ≥ 0). */
export interface AffiliateInput {
  userId: string | null;
  fullName: string;
  email: string;
  phone: string | null;
  instagramHandle: string | null;
  instagramFollowers: number;
  tiktokHandle: string | null;
  tiktokFollowers: number;
  youtubeChannel: string | null;
  youtubeSubscribers: number;
  twitterHandle: string | null;
  twitterFollowers: number;
  primaryPlatform: AffiliatePlatform;
  contentNiche: string | null;
  whyJoin: string;
}

/**
 * Stores an application; total_followers is the sum of the four counts (docs/spec/part-2.md §3).
 * Returns { id, totalFollowers }.
 */
export async function insertApplication(db: Executor, a: AffiliateInput) {
  return db
    .insertInto('affiliate_applications')
    .values({
      user_id: a.userId,
      full_name: a.fullName,
      email: a.email,
      phone: a.phone,
      instagram_handle: a.instagramHandle,
      instagram_followers: a.instagramFollowers,
      tiktok_handle: a.tiktokHandle,
      tiktok_followers: a.tiktokFollowers,
      youtube_channel: a.youtubeChannel,
      youtube_subscribers: a.youtubeSubscribers,
      twitter_handle: a.twitterHandle,
      twitter_followers: a.twitterFollowers,
      total_followers: a.instagramFollowers + a.tiktokFollowers + a.youtubeSubscribers + a.twitterFollowers,
      primary_platform: a.primaryPlatform,
      content_niche: a.contentNiche,
      why_join: a.whyJoin,
    })
    .returning(['id', 'total_followers as totalFollowers'])
    .executeTakeFirstOrThrow();
}

/** An application as repositories return it (camelCase). */
const applicationColumns = [
  'id',
  'user_id as userId',
  'full_name as fullName',
  'email',
  'phone',
  'instagram_handle as instagramHandle',
  'instagram_followers as instagramFollowers',
  'tiktok_handle as tiktokHandle',
  'tiktok_followers as tiktokFollowers',
  'youtube_channel as youtubeChannel',
  'youtube_subscribers as youtubeSubscribers',
  'twitter_handle as twitterHandle',
  'twitter_followers as twitterFollowers',
  'total_followers as totalFollowers',
  'primary_platform as primaryPlatform',
  'content_niche as contentNiche',
  'why_join as whyJoin',
  'status',
  'confirmation_sent_at as confirmationSentAt',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** Applications (camelCase, every column), newest first, optionally of one status (admin list; at most 200). */
export async function listApplications(db: Executor, status?: AffiliateStatus) {
  let q = db.selectFrom('affiliate_applications').select(applicationColumns).orderBy('created_at', 'desc').limit(200);
  if (status) q = q.where('status', '=', status);
  return q.execute();
}

/** Sets an application's status. Returns whether it existed. */
export async function setStatus(db: Executor, id: string, status: AffiliateStatus): Promise<boolean> {
  const r = await db.updateTable('affiliate_applications').set({ status, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

type AffiliatePlatform = 'instagram' | 'tiktok' | 'youtube' | 'twitter' | 'other';

export type AffiliateStatus = 'new' | 'contacted' | 'accepted' | 'declined';

export interface AffiliateApplicationsTable {
  id: Generated<string>;
  user_id: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  instagram_handle: string | null;
  instagram_followers: Generated<number>;
  tiktok_handle: string | null;
  tiktok_followers: Generated<number>;
  youtube_channel: string | null;
  youtube_subscribers: Generated<number>;
  twitter_handle: string | null;
  twitter_followers: Generated<number>;
  /** Sum of the four counts, computed on the server. */
  total_followers: number;
  primary_platform: AffiliatePlatform;
  content_niche: string | null;
  why_join: string;
  status: Generated<AffiliateStatus>;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
