/**
 * The web app's areas, in the order their routes are added. A new page goes in its area's file
 * (and its view in web/views/<area>.ts); a new area is one file here plus one line in WEB_AREAS.
 */
import type { WebArea } from '../context.ts';
import { assets } from './assets.ts';
import { audio } from './audio.ts';
import { auth } from './auth.ts';
import { chat } from './chat.ts';
import { digests } from './digests.ts';
import { health } from './health.ts';
import { library } from './library.ts';
import { paper } from './paper.ts';
import { ratings } from './ratings.ts';
import { runs } from './runs.ts';
import { search } from './search.ts';
import { subscriptions } from './subscriptions.ts';

/** Answered before the session, body and CSRF checks (no cookie needed) and without sign-in. */
export const PUBLIC_AREAS: readonly WebArea[] = [assets, health];

/** Signing in, and the WEB_TOKEN gate every later area is behind. */
export const AUTH_AREA: WebArea = auth;

/** Every page and action behind the session, CSRF and sign-in checks. */
export const WEB_AREAS: readonly WebArea[] = [
  search,
  paper,
  library,
  ratings,
  subscriptions,
  runs,
  digests,
  chat,
  audio,
];
