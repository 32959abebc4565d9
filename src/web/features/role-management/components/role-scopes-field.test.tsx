import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RoleScopesField } from './role-scopes-field';

describe('RoleScopesField for someone who is not an administrator', () => {
  it('shows the stored scopes read-only and says who may change them', () => {
    const onChange = vi.fn();
    render(<RoleScopesField scopes={['billing']} unlimited={false} editable={false} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Permissions' });
    expect(group).toHaveAccessibleDescription('Only administrators can change what a role may do.');
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).disabled)).toEqual([true, true, true, true, true]);
    expect(within(group).getByRole('checkbox', { name: 'Billing' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Administrator' })).not.toBeChecked();
  });
});
