import { useId } from 'react';
import { inputStyle } from '../../../components/ui/text-field';
import { allRoles } from '../lib/managed-users';

interface UserFiltersProps {
  search: string;
  role: string;
  roles: readonly string[];
  onSearch: (search: string) => void;
  onRole: (role: string) => void;
}

/** Search by name or e-mail, and the role filter: All Roles plus the roles present (spec section 2). */
export function UserFilters({ search, role, roles, onSearch, onRole }: UserFiltersProps) {
  const searchId = useId();
  const roleId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <input
          id={searchId}
          type="search"
          className={inputStyle}
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="sm:w-56">
        <label htmlFor={roleId} className="sr-only">
          Filter by role
        </label>
        <select id={roleId} className={inputStyle} value={role} onChange={(event) => onRole(event.target.value)}>
          <option value={allRoles}>All Roles</option>
          {roles.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
