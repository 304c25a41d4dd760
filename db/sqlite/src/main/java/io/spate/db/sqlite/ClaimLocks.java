package io.spate.db.sqlite;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session locks of SQLite's table claims ({@link io.spate.engine.target.TableClaims}): SQLite
 * has no advisory locks, so a claim's lock is an OS byte-range lock on a side file, {@code
 * FILE.spate-claims}, one byte per table at an offset hashed from its name. The OS releases it when
 * the process dies, as a server ends a killed client's session; another process finds it taken.
 *
 * <p>Why a side file and not the database: POSIX locks belong to the process, and closing any
 * descriptor of a file drops all of them, SQLite's own included. The side file is never opened by
 * SQLite, and its channel stays open for the JVM's life.
 *
 * <p>Locking rule: a lock is held on behalf of one connection (the claim's), which the SQL
 * functions {@code spate_claim_lock(table)} and {@code spate_claim_unlock_all()} registered on it
 * name; all state is guarded by this class's monitor.
 */
final class ClaimLocks {

  private static final Map<Path, FileChannel> CHANNELS = new ConcurrentHashMap<>();

  /** The locks each connection holds, by database file and table. */
  private static final Map<Object, List<FileLock>> HELD = new HashMap<>();

  private ClaimLocks() {}

  /** Takes the lock of {@code table} in {@code database} for {@code owner}; false when taken. */
  static synchronized boolean tryLock(Object owner, Path database, String table)
      throws IOException {
    FileChannel channel = channel(database);
    FileLock lock;
    try {
      lock = channel.tryLock(offset(table), 1, false);
    } catch (OverlappingFileLockException e) {
      return false; // another connection of this JVM holds it
    }
    if (lock == null) {
      return false; // another process holds it
    }
    HELD.computeIfAbsent(owner, o -> new ArrayList<>()).add(lock);
    return true;
  }

  /** Releases every lock {@code owner} holds. */
  static synchronized void unlockAll(Object owner) throws IOException {
    List<FileLock> locks = HELD.remove(owner);
    if (locks != null) {
      for (FileLock lock : locks) {
        lock.release();
      }
    }
  }

  private static FileChannel channel(Path database) {
    return CHANNELS.computeIfAbsent(
        database,
        d -> {
          try {
            return FileChannel.open(
                d.resolveSibling(d.getFileName() + ".spate-claims"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  /**
   * A byte offset for {@code table}: 62 bits of its SHA-256, so two tables practically never share
   * one.
   */
  static long offset(String table) {
    try {
      byte[] h =
          MessageDigest.getInstance("SHA-256").digest(table.getBytes(StandardCharsets.UTF_8));
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (h[i] & 0xFF);
      }
      return v >>> 2;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
