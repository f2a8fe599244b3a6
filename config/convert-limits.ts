/** Conversion limits' defaults. No imports: the program's entry point reads it before the config loads. */
export const DEFAULT_CONVERT_MAX_MEMORY_MB = 1024;
