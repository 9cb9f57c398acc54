import { MessageSquare, Search, Users, Hash } from 'lucide-react';
import type { FormEvent } from 'react';
import type { LanguageFilter } from '../../../shared/api/discovery';
import { QUICK_LANGUAGES } from '../../../shared/limits';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { pluralWord } from '../../lib/plural';
import { useSiteStats } from './useDiscovery';

export const SEARCH_PLACEHOLDER = 'Search repositories (e.g. facebook/react or "state management")';

export interface HomeHeroProps {
  draft: string;
  onDraftChange(text: string): void;
  onSubmit(text: string): void;
  language: LanguageFilter;
  onQuickLanguage(language: LanguageFilter): void;
}

/** Search box, 'Find chats', quick language buttons and the three stat tiles. */
export function HomeHero({ draft, onDraftChange, onSubmit, language, onQuickLanguage }: HomeHeroProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <section className="flex flex-col items-center gap-6 pt-6 text-center">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Chat about GitHub Repos</h1>
        <p className="text-muted-foreground">
          Find a repository, join its room, and talk with the people who use and build it.
        </p>
      </div>
      <form role="search" onSubmit={submit} className="flex w-full max-w-2xl gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={draft}
            onChange={(event) => onDraftChange(event.target.value)}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search repositories"
            className="h-11 pl-9"
            maxLength={256}
          />
        </div>
        <Button type="submit" size="lg">
          Find chats
        </Button>
      </form>
      <div className="flex flex-wrap justify-center gap-2" aria-label="Quick language filters" role="group">
        {QUICK_LANGUAGES.map((name) => (
          <Button
            key={name}
            variant={language === name ? 'default' : 'outline'}
            size="sm"
            aria-pressed={language === name}
            onClick={() => onQuickLanguage(name)}
          >
            {name}
          </Button>
        ))}
      </div>
      <StatTiles />
    </section>
  );
}

function StatTiles() {
  const { data, isLoading } = useSiteStats();
  const tiles = [
    { key: 'rooms', one: 'Room', other: 'Rooms', value: data?.rooms, icon: Hash },
    { key: 'members', one: 'Member', other: 'Members', value: data?.members, icon: Users },
    { key: 'messages', one: 'Message', other: 'Messages', value: data?.messages, icon: MessageSquare },
  ];
  return (
    <div className="grid w-full max-w-2xl grid-cols-3 gap-3">
      {tiles.map(({ key, one, other, value, icon: Icon }) => (
        <Card key={key} className="flex flex-col items-center gap-1 p-4" data-testid={`stat-${key}`}>
          <Icon className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
          <span className="text-2xl font-semibold tabular-nums">
            {isLoading ? '…' : value === undefined ? '—' : value.toLocaleString('en-US')}
          </span>
          <span className="text-sm text-muted-foreground">
            {value === undefined ? other : pluralWord(value, one, other)}
          </span>
        </Card>
      ))}
    </div>
  );
}
