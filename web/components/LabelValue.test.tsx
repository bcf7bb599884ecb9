import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render-ui';
import { LabelValue } from './LabelValue';

describe('LabelValue', () => {
  it('shows "label: value" on one line, the test id on the value alone', () => {
    renderUi(
      <LabelValue label="Sold" testId="balance" valueWeight={500}>
        12,00 RON
      </LabelValue>,
    );
    const value = screen.getByTestId('balance');
    expect(value.textContent).toBe('12,00 RON');
    expect(value.parentElement?.textContent).toBe('Sold: 12,00 RON');
  });

  it('puts the label as a caption over the value when stacked', () => {
    renderUi(
      <LabelValue label="Operator" layout="stacked" testId="operator">
        Ana
      </LabelValue>,
    );
    const value = screen.getByTestId('operator');
    expect(value.textContent).toBe('Ana');
    expect(value.previousElementSibling?.textContent).toBe('Operator');
  });
});
