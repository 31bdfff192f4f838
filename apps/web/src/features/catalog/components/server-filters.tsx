import { useId } from 'react';
import { Col } from 'antd';
import {
  SERVER_AVAILABILITIES,
  SERVER_AVAILABILITY_LABELS,
  SERVER_SORTS,
  SERVER_SORT_LABELS,
  SERVER_STATUSES,
  SERVER_STATUS_LABELS,
  type ServerListQuery,
} from '@crimsonhost/shared/catalog';
import { GAMES, GAME_LABELS } from '@crimsonhost/shared/constants';
import {
  formatUsdt,
  isUsdtAmount,
  MAX_LISTING_PRICE_MICRO,
  parseUsdt,
} from '@crimsonhost/shared/money';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { NumberField, SearchField, SelectField } from '../../../components/native-field';
import { useGameFacets } from '../api/get-game-facets';
import { useRegionFacets } from '../api/get-region-facets';
import { filtersOf, hasFilters } from '../server-search';
import { useDebouncedCommit } from './use-debounced-commit';
import { Text } from '../../../components/typography';

export const SEARCH_DEBOUNCE_MS = 400;
const PRICE_DEBOUNCE_MS = 600;

export interface ServerFiltersProps {
  query: ServerListQuery;
  /** A change of filters or sort; the list goes back to its first page. */
  onChange: (changes: Partial<ServerListQuery>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

/**
 * What is wrong with a typed price bound (above what any listing may cost, or on the wrong side of
 * the other, applied one), or null. The box keeps what was typed and says so beside it; the list
 * keeps its last valid range meanwhile.
 */
export function priceRangeError(
  bound: 'min' | 'max',
  text: string,
  other: string | undefined,
): string | null {
  const trimmed = text.trim();
  if (isUsdtAmount(trimmed) && parseUsdt(trimmed) > MAX_LISTING_PRICE_MICRO) {
    return `Prices go up to ${formatUsdt(MAX_LISTING_PRICE_MICRO)} USDT/h.`;
  }
  if (!other || !isUsdtAmount(trimmed) || !isUsdtAmount(other)) return null;
  const [typed, applied] = [parseUsdt(trimmed), parseUsdt(other)];
  if (bound === 'min' && typed > applied) {
    return `The minimum must not be above the maximum (${formatUsdt(other)} USDT/h).`;
  }
  if (bound === 'max' && typed < applied) {
    return `The maximum must not be below the minimum (${formatUsdt(other)} USDT/h).`;
  }
  return null;
}

/**
 * A price box: commits a valid USDT amount after a pause, or clears the bound when emptied. A
 * bound on the wrong side of the other is not applied: the box says why and keeps the text.
 */
function PriceInput({
  bound,
  label,
  prefix,
  placeholder,
  value,
  other,
  onCommit,
}: {
  bound: 'min' | 'max';
  label: string;
  prefix: string;
  placeholder: string;
  value: string | undefined;
  /** The other bound as applied. */
  other: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  const errorId = useId();
  const [text, setText] = useDebouncedCommit(
    value ?? '',
    (next) => {
      const trimmed = next.trim();
      if (trimmed === '') onCommit(undefined);
      else if (isUsdtAmount(trimmed) && !priceRangeError(bound, trimmed, other)) {
        onCommit(trimmed);
      }
    },
    PRICE_DEBOUNCE_MS,
    other,
  );
  const error = priceRangeError(bound, text, other);
  return (
    <>
      <NumberField
        min="0"
        step="0.01"
        inputMode="decimal"
        value={text}
        onChange={setText}
        placeholder={placeholder}
        prefix={prefix}
        aria-label={label}
        invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <Text id={errorId} type="danger" role="alert" style={{ fontSize: 13 }}>
          {error}
        </Text>
      )}
    </>
  );
}

/** Search, game, region, status, availability, price range and sort of the server list. */
export function ServerFilters({ query, onChange, onClear }: ServerFiltersProps) {
  const filters = filtersOf(query);
  const games = useGameFacets(filters);
  const regions = useRegionFacets(filters);
  const [search, setSearch] = useDebouncedCommit(
    query.q ?? '',
    (text) => onChange({ q: text.trim() || undefined }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  const gameOptions = GAMES.map((game) => {
    const listings = games.data?.find((facet) => facet.id === game)?.listings;
    return {
      value: game,
      label: listings === undefined ? GAME_LABELS[game] : `${GAME_LABELS[game]} (${listings})`,
    };
  });
  const regionOptions = (regions.data ?? []).map((region) => ({
    value: region.code,
    label: `${region.name}, ${region.country} (${region.listings})`,
  }));
  // A region from a shared link shows by its code until the regions have loaded.
  if (query.region && !regionOptions.some((option) => option.value === query.region)) {
    regionOptions.push({ value: query.region, label: query.region });
  }

  return (
    <FilterBar label="Filter servers">
      <Col xs={24} lg={12}>
        <SearchField
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(text) => onChange({ q: text.trim() || undefined })}
          placeholder="Search by name or description"
          aria-label="Search servers"
          maxLength={100}
        />
      </Col>
      <Col xs={12} lg={6}>
        <SelectField
          aria-label="Game"
          emptyLabel="All games"
          value={query.game}
          options={gameOptions}
          onChange={(game) => onChange({ game })}
        />
      </Col>
      <Col xs={12} lg={6}>
        <SelectField
          aria-label="Region"
          emptyLabel="All regions"
          value={query.region}
          options={regionOptions}
          onChange={(region) => onChange({ region })}
        />
      </Col>
      <Col xs={12} lg={4}>
        <SelectField
          aria-label="Status"
          emptyLabel="Any status"
          value={query.status}
          options={optionsOf(SERVER_STATUSES, SERVER_STATUS_LABELS)}
          onChange={(status) => onChange({ status })}
        />
      </Col>
      <Col xs={12} lg={4}>
        <SelectField
          aria-label="Availability"
          emptyLabel="Any availability"
          value={query.availability}
          options={optionsOf(SERVER_AVAILABILITIES, SERVER_AVAILABILITY_LABELS)}
          onChange={(availability) => onChange({ availability })}
        />
      </Col>
      <Col xs={12} lg={4}>
        <PriceInput
          bound="min"
          label="Minimum price per hour"
          prefix="Min"
          placeholder="USDT/h"
          value={query.minPrice}
          other={query.maxPrice}
          onCommit={(minPrice) => onChange({ minPrice })}
        />
      </Col>
      <Col xs={12} lg={4}>
        <PriceInput
          bound="max"
          label="Maximum price per hour"
          prefix="Max"
          placeholder="USDT/h"
          value={query.maxPrice}
          other={query.minPrice}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
      </Col>
      <Col xs={12} lg={5}>
        <SelectField
          value={query.sort}
          onChange={(sort) => sort && onChange({ sort })}
          options={SERVER_SORTS.map((sort) => ({ value: sort, label: SERVER_SORT_LABELS[sort] }))}
          aria-label="Sort by"
        />
      </Col>
      <Col xs={12} lg={3}>
        <ClearFiltersButton onClear={onClear} disabled={!hasFilters(query)} />
      </Col>
    </FilterBar>
  );
}
