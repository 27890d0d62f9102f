import { unavailableFavorites, type FavoriteAvailability } from '@gridline/contracts/settings-modules';
import type { OrganisationRules } from './publishing.ts';

/**
 * The home modules' rule that needs the organisation's data (spec 002 §3 "Conditional favorites";
 * decision 0058): an enabled WasteRemovalFavorite, RecyclingCentralFavorite, LoadPeaksFavorite or
 * RealtimeProviderFavorite needs the organisation to have the service. The publishing service
 * calls it when a modules draft is saved and when a release is made; other parts have no such rule.
 */
export function moduleRules(favorites: { availableFavorites: (organisation: { id: string; timeZone?: string }) => Promise<FavoriteAvailability> }): OrganisationRules {
  return async (organisation, part, content) => {
    if (part !== 'modules') return [];
    const issues = unavailableFavorites(content, { WasteRemovalFavorite: false, RecyclingCentralFavorite: false, LoadPeaksFavorite: false, RealtimeProviderFavorite: false });
    // Only a part that enables a conditional favorite costs a read of the organisation's data.
    if (issues.length === 0) return [];
    return unavailableFavorites(content, await favorites.availableFavorites(organisation));
  };
}
