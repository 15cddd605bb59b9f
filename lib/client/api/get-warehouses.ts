import { useShowNames } from './show-command';

export const warehousesKey = ['warehouses'] as const;

export const useWarehouses = () => useShowNames(warehousesKey, 'SHOW WAREHOUSES');
