"""Archives: reading many games in any form, the process pool and Dask, the quick
paths for clean records, and an archive's statistics."""
