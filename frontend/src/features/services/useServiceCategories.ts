import { useListServicesQuery } from '../../api/client';

/** The most services one API call returns; the catalogue's categories are read from them. */
const CATEGORY_SAMPLE_SIZE = 100;

/** The category_id values present in the services, sorted, for the category filter. */
export function useServiceCategories(): string[] {
  const { data } = useListServicesQuery({ limit: CATEGORY_SAMPLE_SIZE });
  const categories = new Set(data?.items.map((service) => service.category_id));
  return [...categories].sort();
}

/** 'same-day' → 'Same-day' */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
