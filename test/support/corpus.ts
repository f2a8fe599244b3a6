/** Paths into the shared real-data corpus (../shared/corpus beside the repo). */
import path from 'node:path';

export const SHARED_DIR = path.resolve(import.meta.dirname, '../../../shared');
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus');
export const MODELS_DIR = path.join(SHARED_DIR, 'models');

export const corpus = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);
