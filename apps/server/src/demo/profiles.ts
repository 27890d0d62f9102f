import { alpenwerk } from './organisations/alpenwerk.ts';
import { fjellkraft } from './organisations/fjellkraft.ts';
import { koivu } from './organisations/koivu.ts';
import { solvik } from './organisations/solvik.ts';
import type { OrganisationProfile } from './profile-types.ts';

/**
 * The four fictional demo organisations, in seeding order (one file each under organisations/;
 * their shape is in profile-types.ts).
 */
export const organisationProfiles: readonly OrganisationProfile[] = [solvik, fjellkraft, koivu, alpenwerk];
