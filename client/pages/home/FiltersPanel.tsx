import { SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { DEFAULT_FILTERS, countActiveFilters, type DiscoveryFilters } from '../../../shared/api/discovery';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';

// The select and slider code is downloaded when the filters are first opened.
const FiltersCard = lazy(() => import('./FiltersCard'));

export interface FiltersPanelProps {
  filters: DiscoveryFilters;
  onChange(filters: DiscoveryFilters): void;
  expanded: boolean;
  onExpandedChange(expanded: boolean): void;
}

/** The collapsible Filters panel: language, star range, activity, created, discussion status. */
export function FiltersPanel({ filters, onChange, expanded, onExpandedChange }: FiltersPanelProps) {
  const active = countActiveFilters(filters);

  return (
    <section aria-label="Filters" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" aria-expanded={expanded} onClick={() => onExpandedChange(!expanded)}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {active === 0 ? 'Add filters' : 'Filters'}
          {active > 0 && (
            <Badge
              variant="default"
              aria-label={`${active} active ${active === 1 ? 'filter' : 'filters'}`}
              data-testid="filters-badge"
            >
              {active}
            </Badge>
          )}
        </Button>
        {active > 0 && (
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FILTERS)}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        )}
      </div>
      {expanded && (
        <Suspense fallback={<Skeleton className="h-40 w-full" data-testid="filters-loading" />}>
          <FiltersCard filters={filters} onChange={onChange} />
        </Suspense>
      )}
    </section>
  );
}
