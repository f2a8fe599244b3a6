/**
 * Child process of the "opens while another process writes" test: creates `<dir>/library.sqlite`
 * in SQLite's default rollback-journal mode, holds an uncommitted write (a RESERVED lock), says
 * "ready" on stdout, and commits after argv[3] ms.
 */
import { setTimeout } from 'node:timers';
import Database from 'better-sqlite3';

const [dir, holdMs] = process.argv.slice(2);
const db = new Database(`${dir}/library.sqlite`);
db.exec('CREATE TABLE early_writer (x INTEGER)');
db.exec('BEGIN');
db.exec('INSERT INTO early_writer VALUES (1)');
process.stdout.write('ready\n');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
}, Number(holdMs));
