import { useId, useState, type ReactNode } from 'react';
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS, SUGGEST_MIN_CHARS, SUGGESTION_MAX } from '@vigil/domain';
import { suggestionKeys } from '../api/lists';
import { messages } from '../api/messages';

export type SuggestionListProps<T> = {
  /** The visible label. */
  label: string;
  /** Asks for suggestions matching the typed text; use the signal to cancel a stale request. */
  fetch: (query: string, signal: AbortSignal) => Promise<T[]>;
  /** The text of a suggestion, shown in the list and in the field once picked. */
  getLabel: (item: T) => string;
  /** A suggestion's unique key (default its label). */
  getKey?: (item: T) => string;
  /** Called with the suggestion the user picked. */
  onPick: (item: T) => void;
  /** How a suggestion is drawn in the list (default its label). */
  renderItem?: (item: T) => ReactNode;
  /** Characters needed before asking (SPEC §5: 2). */
  minChars?: number;
  /** The most suggestions shown (SPEC §9: 10). */
  max?: number;
  /** Empties the field after a pick instead of showing the picked label. */
  clearOnPick?: boolean;
  placeholder?: string;
  description?: string;
};

/** SPEC §2.8, §5, §9: a field that suggests matches once 2 characters are typed, debounced 200 ms. */
export function SuggestionList<T>(props: SuggestionListProps<T>) {
  const { fetch, getLabel, onPick, minChars = SUGGEST_MIN_CHARS, max = SUGGESTION_MAX } = props;
  const keyOf = props.getKey ?? getLabel;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [input, setInput] = useState('');
  const [query] = useDebouncedValue(input.trim(), DEBOUNCE_MS);
  const enabled = query.length >= minChars && input.trim().length >= minChars;
  const instance = useId();
  const suggestions = useQuery({
    queryKey: suggestionKeys.field(instance, query),
    queryFn: ({ signal }) => fetch(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const items = enabled ? (suggestions.data ?? []).slice(0, max) : [];

  function submit(key: string) {
    const item = items.find((i) => keyOf(i) === key);
    if (item) {
      onPick(item);
      setInput(props.clearOnPick ? '' : getLabel(item));
    }
    combobox.closeDropdown();
  }

  return (
    <Combobox store={combobox} onOptionSubmit={submit}>
      <Combobox.Target>
        <TextInput
          label={props.label}
          description={props.description}
          placeholder={props.placeholder}
          value={input}
          autoComplete="off"
          rightSection={
            enabled && suggestions.isFetching ? <Loader size={14} aria-label="Searching" /> : null
          }
          onChange={(event) => {
            setInput(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!enabled || (suggestions.isPending && items.length === 0)}>
        <Combobox.Options>
          {items.map((item) => (
            <Combobox.Option value={keyOf(item)} key={keyOf(item)}>
              {props.renderItem ? props.renderItem(item) : getLabel(item)}
            </Combobox.Option>
          ))}
          {suggestions.isError && <Combobox.Empty>{messages.problem(suggestions.error)}</Combobox.Empty>}
          {suggestions.isSuccess && items.length === 0 && <Combobox.Empty>No matches</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
