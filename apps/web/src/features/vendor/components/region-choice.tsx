import { Alert, Button } from 'antd';
import type { RegionFacet } from '@crimsonhost/shared/catalog';
import type { useRegions } from '../api/get-regions';

/** The catalog's regions as a select's options: 'Frankfurt, Germany', by code. */
export function regionOptions(regions: RegionFacet[] | undefined) {
  return (regions ?? []).map((region) => ({
    value: region.code,
    label: `${region.name}, ${region.country}`,
  }));
}

/** Above or below a region select: the regions could not be read, and a way to read them again. */
export function RegionsLoadWarning({ regions }: { regions: ReturnType<typeof useRegions> }) {
  if (!regions.isError) return null;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type="warning"
      showIcon
      title="The regions could not be loaded to choose from."
      action={
        <Button size="small" onClick={() => void regions.refetch()}>
          Retry
        </Button>
      }
    />
  );
}
