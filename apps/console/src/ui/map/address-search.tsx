import { TextInput } from '@mantine/core';
import type { GeoBounds, LngLat } from '@vigil/domain';
import { geocodeAddress, useMapConfig, type GeocodedPlace } from '../../api/basemap';
import { messages } from '../../api/messages';
import { SuggestionList } from '../suggestion-list';

/** A place the user picked: where to fly the map (its point, or the area it covers) and its name. */
export type PickedPlace = { lngLat: LngLat; bounds?: GeoBounds; name: string };

export type AddressSearchProps = {
  onPick: (place: PickedPlace) => void;
  /** The field's visible label. */
  label?: string;
};

/** A street address means little before a few characters: fewer would only load the geocoder. */
const ADDRESS_MIN_CHARS = 3;
const NOT_CONFIGURED = 'Address search is not configured';

/**
 * SPEC §2.7, §9: the address search for plan placement, restricted to the US, through the
 * deployment's geocoder on our server (GET map/geocode): suggestions debounced 200 ms, at most 10.
 * Without a geocoder (GEOCODER_URL) the field is there, unavailable, and says so.
 */
export function AddressSearch({ onPick, label = 'Find an address' }: AddressSearchProps) {
  const config = useMapConfig();
  if (config.isPending) return <Unavailable label={label} why="Loading…" />;
  if (config.error) return <Unavailable label={label} why={messages.problem(config.error)} />;
  if (!config.data.search) return <Unavailable label={label} why={NOT_CONFIGURED} />;
  return (
    <SuggestionList<GeocodedPlace>
      label={label}
      description="US addresses only"
      placeholder="Street, city, state"
      fetch={geocodeAddress}
      getLabel={(place) => place.name}
      getKey={(place) => `${place.lat},${place.lng} ${place.name}`}
      onPick={(place) => onPick(pickedPlace(place))}
      minChars={ADDRESS_MIN_CHARS}
    />
  );
}

/** The field, disabled, with the reason under it (visible, and its accessible description). */
function Unavailable({ label, why }: { label: string; why: string }) {
  return <TextInput label={label} description={why} disabled />;
}

function pickedPlace(place: GeocodedPlace): PickedPlace {
  return {
    lngLat: [place.lng, place.lat],
    name: place.name,
    ...(place.bounds ? { bounds: place.bounds } : {}),
  };
}
