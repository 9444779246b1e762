import { useState } from 'react';

/** Page and page size of a server-paged list; changing the size goes back to the first page. */
export function usePaging(initialPerPage: number) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  return {
    page,
    perPage,
    offset: (page - 1) * perPage,
    setPage,
    setPerPage: (n: number) => {
      setPerPage(n);
      setPage(1);
    },
    resetPage: () => setPage(1),
  };
}

export type Paging = ReturnType<typeof usePaging>;
