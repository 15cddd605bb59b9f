import { useShowNames } from './show-command';

export const rolesKey = ['roles'] as const;

export const useRoles = () => useShowNames(rolesKey, 'SHOW ROLES');
