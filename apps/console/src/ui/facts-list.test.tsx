import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { FactsList, type Fact } from './facts-list';

const FACTS: Fact[] = [
  ['State', 'Deployed'],
  ['Owner', null],
  ['Label', ''],
  ['Reusable', false],
  ['SKU', undefined],
  ['Presses', '0'],
];

const terms = () => screen.queryAllByRole('term').map((dt) => dt.textContent);
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('FactsList', () => {
  it('shows each fact as a term and its value, leaving out facts without a value', () => {
    renderWithProviders(<FactsList facts={FACTS} />);
    expect(terms()).toEqual(['State', 'Presses']);
    expect(valueOf('State')).toBe('Deployed');
    expect(valueOf('Presses')).toBe('0');
  });

  it('shows the placeholder for facts without a value when given one', () => {
    renderWithProviders(<FactsList facts={FACTS} placeholder="—" variant="compact" />);
    expect(terms()).toEqual(['State', 'Owner', 'Label', 'Reusable', 'SKU', 'Presses']);
    expect(valueOf('Owner')).toBe('—');
    expect(valueOf('Reusable')).toBe('—');
  });
});
