package io.colfile.interop.kudu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assertions;

/**
 * A throw-away Kudu filesystem (file block manager, one file per block) in a test's temporary
 * directory: CFiles go in as blocks ({@link #put}) and {@code kudu fs dump cfile} says what Kudu
 * reads from them ({@link #dump}). Typical use:
 *
 * <pre>{@code
 * KuduFs fs = KuduFs.format(KuduBinary.get(), tempDir);
 * fs.put(1, cfileBytes);
 * KuduDump dump = fs.dump(1).requireOk();
 * assertThat(dump.footer()).isEqualTo(footerWeWrote);
 * assertThat(dump.values()).containsExactlyElementsOf(expectedLines);
 * }</pre>
 *
 * Dumps only read the filesystem, so any number may run at once; {@link #dumpAll} runs {@value
 * #PARALLEL_DUMPS} at a time (the build machines have two cores).
 */
public final class KuduFs {
  /** How many dumps {@link #dumpAll} runs at once. */
  public static final int PARALLEL_DUMPS = 2;
  /** A dump taking longer than this is killed and fails the test. */
  public static final Duration DUMP_TIMEOUT = Duration.ofSeconds(60);

  private final KuduBinary kudu;
  private final Path root;
  private final Path scratch;

  private KuduFs(KuduBinary kudu, Path root, Path scratch) {
    this.kudu = kudu;
    this.root = root;
    this.scratch = scratch;
  }

  /** Formats an empty filesystem under {@code dir} (which the caller deletes). */
  public static KuduFs format(KuduBinary kudu, Path dir) throws IOException {
    Path root = dir.resolve("fs");
    Path scratch = Files.createDirectories(dir.resolve("out"));
    KuduBinary.Run run = kudu.run(scratch, DUMP_TIMEOUT, List.of("fs", "format",
        "--block_manager=file", "--fs_wal_dir=" + root, "--minloglevel=1"));
    if (run.exitCode() != 0) {
      Assertions.fail("kudu fs format failed (exit " + run.exitCode() + "): "
          + KuduDump.withoutGlogNoise(run.stderr()));
    }
    return new KuduFs(kudu, root, scratch);
  }

  /** The filesystem's directory ({@code --fs_wal_dir}; its {@code data/} holds the blocks). */
  public Path root() {
    return root;
  }

  /**
   * Where the file block manager keeps block {@code blockId} (cfile.md section 12.3): {@code
   * data/} then three directories named by bytes 2, 3 and 4 of the id (counted from the most
   * significant, two lower-case hex digits each), then the id as 16 zero-padded decimal digits.
   * The top two bytes choose the data directory; this filesystem has one, so they must be 0.
   */
  public Path blockPath(long blockId) {
    return blockPath(root, blockId);
  }

  static Path blockPath(Path root, long blockId) {
    if (blockId >>> 48 != 0) {
      throw new IllegalArgumentException("block id " + Long.toUnsignedString(blockId)
          + " names data directory " + (blockId >>> 48) + "; this filesystem has only 0");
    }
    return root.resolve("data")
        .resolve(String.format("%02x", blockId >>> 40 & 0xff))
        .resolve(String.format("%02x", blockId >>> 32 & 0xff))
        .resolve(String.format("%02x", blockId >>> 24 & 0xff))
        .resolve(String.format("%016d", blockId));
  }

  /** Stores {@code cfile} as block {@code blockId}, replacing any block of that id. */
  public void put(long blockId, byte[] cfile) throws IOException {
    Path p = blockPath(blockId);
    Files.createDirectories(p.getParent());
    Files.write(p, cfile);
  }

  /**
   * Runs {@code kudu fs dump cfile <blockId>} with {@code flags} (e.g. {@code --noprint_rows},
   * {@code --noprint_meta}, {@code --cfile_verify_checksums=false}). The result may be a failure:
   * check {@link KuduDump#ok()} or call {@link KuduDump#requireOk()}.
   */
  public KuduDump dump(long blockId, String... flags) throws IOException {
    return dump(blockId, List.of(flags));
  }

  /** {@link #dump(long, String...)} with the flags as a list. */
  public KuduDump dump(long blockId, List<String> flags) throws IOException {
    List<String> args = new ArrayList<>(List.of("fs", "dump", "cfile",
        Long.toUnsignedString(blockId), "--block_manager=file", "--fs_wal_dir=" + root,
        // glog's INFO lines (the filesystem report) are noise; the caller's flags come after
        "--minloglevel=1"));
    args.addAll(flags);
    KuduBinary.Run run = kudu.run(scratch, DUMP_TIMEOUT, args);
    if (run.exitCode() > 128) {
      // killed by a signal: the Kudu binary once crashed (SIGSEGV) in its own exit code after a
      // complete dump, and not again with the same file. A file that makes Kudu crash crashes
      // it again: the second run's result is the one checked.
      System.err.println("kudu crashed (exit " + run.exitCode() + ") dumping block "
          + Long.toUnsignedString(blockId) + "; running it once more");
      run = kudu.run(scratch, DUMP_TIMEOUT, args);
    }
    return new KuduDump(blockId, run.command(), run.exitCode(), run.stdout(), run.stderr());
  }

  /**
   * Runs {@code kudu args...} on this filesystem: {@code --fs_wal_dir}, {@code
   * --block_manager=file} and, unless {@code args} set it, {@code --minloglevel=1} are added after
   * {@code args} (for tools beyond {@code fs dump cfile}, e.g. {@code local_replica dump rowset
   * <tablet>}, which collects its rows through glog's INFO level and so needs {@code
   * --minloglevel=0}). The result may be a failure; its stderr is raw (see {@link
   * KuduDump#withoutGlogNoise}).
   */
  public KuduBinary.Run run(List<String> args) throws IOException {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--block_manager=file", "--fs_wal_dir=" + root));
    if (args.stream().noneMatch(a -> a.startsWith("--minloglevel="))) {
      all.add("--minloglevel=1");
    }
    return kudu.run(scratch, DUMP_TIMEOUT, all);
  }

  /**
   * Dumps every block of {@code flagsByBlock} with its flags, {@value #PARALLEL_DUMPS} at a
   * time; the results in the map's order.
   */
  public Map<Long, KuduDump> dumpAll(Map<Long, List<String>> flagsByBlock) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_DUMPS);
    try {
      Map<Long, Future<KuduDump>> running = new LinkedHashMap<>();
      flagsByBlock.forEach((id, flags) -> running.put(id, pool.submit(() -> dump(id, flags))));
      Map<Long, KuduDump> out = new LinkedHashMap<>();
      for (Map.Entry<Long, Future<KuduDump>> e : running.entrySet()) {
        out.put(e.getKey(), e.getValue().get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while dumping", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
