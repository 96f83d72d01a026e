import { useListCategoriesQuery } from '../../lib/api/client';

/** The category_id values in use (GET /api/categories, sorted by the server), for the category filter. */
export function useServiceCategories(): string[] {
  const { data } = useListCategoriesQuery();
  return data?.map((category) => category.category_id) ?? [];
}

/** 'same-day' → 'Same-day' */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
