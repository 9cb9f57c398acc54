import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/search/search-query';

interface SearchFormProps {
  /** The search shown (submitted); the box starts with it. */
  initial: string;
  onSearch(q: string): void;
  autoFocus?: boolean;
}

/** The "Search messages" box: searches on Enter (or the button), `from:login` narrows to an author. */
export function SearchForm({ initial, onSearch, autoFocus = false }: SearchFormProps) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-center gap-2">
      <Input
        type="search"
        aria-label="Search messages"
        placeholder="Search messages"
        value={text}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="outline" size="icon" aria-label="Search">
        <Search className="h-4 w-4" aria-hidden="true" />
      </Button>
    </form>
  );
}
