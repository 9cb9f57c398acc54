import { Slider } from 'radix-ui';
import { useId } from 'react';
import {
  CHAT_STATUS_LABELS,
  DATE_RANGE_LABELS,
  type ActivityLevel,
  type ChatStatus,
  type DateRange,
  type DiscoveryFilters,
  type LanguageFilter,
} from '../../../shared/api/discovery';
import {
  ACTIVITY_LABELS,
  ACTIVITY_LEVELS,
  CHAT_STATUSES,
  DATE_RANGES,
  LANGUAGE_FILTERS,
  STAR_FILTER_MAX,
  STAR_FILTER_STEP,
} from '../../../shared/limits';
import { Card } from '../../components/ui/Card';
import { Label } from '../../components/ui/Label';
import { Select } from '../../components/ui/Select';

const LANGUAGE_OPTIONS = LANGUAGE_FILTERS.map((value) => ({ value, label: value }));
const ACTIVITY_OPTIONS = ACTIVITY_LEVELS.map((value) => ({ value, label: ACTIVITY_LABELS[value] }));
const DATE_OPTIONS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));
const CHAT_OPTIONS = CHAT_STATUSES.map((value) => ({ value, label: CHAT_STATUS_LABELS[value] }));

export function formatStars(value: number): string {
  if (value >= STAR_FILTER_MAX) return '100k+';
  return value >= 1000 ? `${value / 1000}k` : String(value);
}

/**
 * The expanded filters: language, star range, activity, created, discussion status. Its own chunk
 * (with the select and slider code), loaded when the panel is first opened.
 */
export default function FiltersCard({
  filters,
  onChange,
}: {
  filters: DiscoveryFilters;
  onChange(filters: DiscoveryFilters): void;
}) {
  const ids = { language: useId(), activity: useId(), created: useId(), chats: useId(), stars: useId() };
  const set = <K extends keyof DiscoveryFilters>(key: K, value: DiscoveryFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="filters-panel">
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.language}>Language</Label>
        <Select
          id={ids.language}
          options={LANGUAGE_OPTIONS}
          value={filters.language}
          onValueChange={(value) => set('language', value as LanguageFilter)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label id={ids.stars}>
          Stars: {formatStars(filters.minStars)} – {formatStars(filters.maxStars)}
        </Label>
        <Slider.Root
          aria-labelledby={ids.stars}
          className="relative flex h-9 w-full touch-none items-center select-none"
          min={0}
          max={STAR_FILTER_MAX}
          step={STAR_FILTER_STEP}
          minStepsBetweenThumbs={0}
          value={[filters.minStars, filters.maxStars]}
          onValueChange={([min = 0, max = STAR_FILTER_MAX]) => onChange({ ...filters, minStars: min, maxStars: max })}
        >
          <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
            <Slider.Range className="absolute h-full bg-primary" />
          </Slider.Track>
          {(['Minimum stars', 'Maximum stars'] as const).map((label, index) => (
            <Slider.Thumb
              key={label}
              aria-label={label}
              aria-valuetext={formatStars(index === 0 ? filters.minStars : filters.maxStars)}
              className="block h-4 w-4 rounded-full border-2 border-primary bg-background shadow focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
            />
          ))}
        </Slider.Root>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.activity}>Activity</Label>
        <Select
          id={ids.activity}
          options={ACTIVITY_OPTIONS}
          value={filters.activityLevel}
          onValueChange={(value) => set('activityLevel', value as ActivityLevel)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.created}>Created</Label>
        <Select
          id={ids.created}
          options={DATE_OPTIONS}
          value={filters.dateRange}
          onValueChange={(value) => set('dateRange', value as DateRange)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.chats}>Discussion status</Label>
        <Select
          id={ids.chats}
          options={CHAT_OPTIONS}
          value={filters.hasChats}
          onValueChange={(value) => set('hasChats', value as ChatStatus)}
        />
      </div>
    </Card>
  );
}
