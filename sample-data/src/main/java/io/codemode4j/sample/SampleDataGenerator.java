package io.codemode4j.sample;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * Generates the billing sample data set, {@code customers}, {@code invoices} and {@code
 * invoice_lines}, as parquet files written by DuckDB.
 *
 * <p>The same {@link GeneratorConfig} always yields the same rows, whatever the machine and its
 * number of cores. Amounts are in US cents; see the module's README for the columns, the
 * distributions and the status rules.
 */
public final class SampleDataGenerator {

  /** Progress is reported at most this many times per run, whatever its size. */
  private static final long PROGRESS_CALLS = 200;

  /**
   * Invoices per chunk. Each chunk draws from its own random stream, the chunk's split of the
   * invoices' stream, so chunks can be generated on any thread in any order. Changing this changes
   * the generated data.
   */
  private static final long CHUNK_INVOICES = 10_000;

  private static final long POLL_MILLIS = 100;

  private SampleDataGenerator() {}

  /**
   * Writes {@link SampleData#FILE_NAMES} into {@code outDir}, creating it if needed and replacing
   * files of the same names.
   *
   * <p>Rows are staged in a temporary DuckDB database inside {@code outDir}, deleted afterwards, so
   * memory stays bounded at any size; one thread per core generates and stages. Each file is
   * written under a temporary name and then renamed atomically, so a crash never leaves a partial
   * file under a final name (a leftover {@code .generating-*} directory may remain and can be
   * deleted). {@code listener} is called on the calling thread.
   *
   * @throws IllegalArgumentException if an argument is null
   * @throws IOException if a file cannot be written or DuckDB fails
   * @throws InterruptedIOException if the calling thread is interrupted
   */
  public static void generate(GeneratorConfig config, Path outDir, ProgressListener listener)
      throws IOException {
    requireArgument(config, "config");
    requireArgument(outDir, "outDir");
    requireArgument(listener, "listener");
    Files.createDirectories(outDir);
    Path work = Files.createTempDirectory(outDir, ".generating-");
    try {
      stageAndExport(config, work, listener);
      for (String name : SampleData.FILE_NAMES) {
        Files.move(work.resolve(name), outDir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (SQLException e) {
      throw new IOException("DuckDB failed while generating sample data in " + work, e);
    } finally {
      Directories.deleteRecursively(work);
    }
    listener.onProgress(config.invoices(), config.invoices());
  }

  private static void stageAndExport(GeneratorConfig config, Path work, ProgressListener listener)
      throws SQLException, IOException {
    RandomStreams streams = RandomStreams.of(config.seed());
    List<Customer> customers =
        CustomerGenerator.generate(
            config.customers(), new CompanyNames(streams.names()), streams.customers());
    InvoiceGenerator generator = new InvoiceGenerator(config, customers);
    long chunks = Math.ceilDiv(config.invoices(), CHUNK_INVOICES);
    int threads = (int) Math.min(Runtime.getRuntime().availableProcessors(), chunks);
    try (StagingDatabase staging = StagingDatabase.create(work.resolve("staging.duckdb"))) {
      staging.appendCustomers(customers);
      stageInvoices(
          config.invoices(),
          new Chunks(config.invoices(), streams.invoices()),
          generator,
          staging,
          threads,
          listener);
      staging.export(
          work.resolve(SampleData.CUSTOMERS_FILE),
          work.resolve(SampleData.INVOICES_FILE),
          work.resolve(SampleData.INVOICE_LINES_FILE),
          threads);
    }
  }

  /**
   * Runs {@code threads} workers that take chunks until none is left, and reports their progress on
   * this thread. Stops the workers if one fails, the listener throws or this thread is interrupted.
   */
  private static void stageInvoices(
      long total,
      Chunks chunks,
      InvoiceGenerator generator,
      StagingDatabase staging,
      int threads,
      ProgressListener listener)
      throws SQLException, IOException {
    BlockingQueue<Long> finishedChunkSizes = new LinkedBlockingQueue<>();
    AtomicBoolean stop = new AtomicBoolean();
    List<Future<Void>> workers = new ArrayList<>(threads);
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("sample-data-generator-", 1).daemon(true).factory());
    try {
      for (int i = 0; i < threads; i++) {
        workers.add(
            pool.submit(
                () -> {
                  try (StagingDatabase.InvoiceAppender appender = staging.invoiceAppender()) {
                    for (Chunk chunk = chunks.next();
                        chunk != null && !stop.get();
                        chunk = chunks.next()) {
                      Iterator<Invoice> invoices =
                          generator.invoices(chunk.first(), chunk.last(), chunk.random());
                      while (invoices.hasNext()) {
                        appender.append(invoices.next());
                      }
                      finishedChunkSizes.add(chunk.last() - chunk.first() + 1);
                    }
                  }
                  return null;
                }));
      }
      long step = Math.ceilDiv(total, PROGRESS_CALLS);
      long done = 0;
      long reportedSteps = 0;
      while (done < total) {
        Long finished = finishedChunkSizes.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (finished == null) {
          rethrowFailure(workers, false);
          continue;
        }
        done += finished;
        // The final (total, total) call waits until the files are in place.
        if (done < total && done / step > reportedSteps) {
          reportedSteps = done / step;
          listener.onProgress(done, total);
        }
      }
      rethrowFailure(workers, true);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("sample data generation was interrupted");
    } finally {
      stop.set(true);
      pool.close();
    }
  }

  /**
   * Rethrows the first failure among the {@code workers}; with {@code await}, waits for all of
   * them.
   */
  private static void rethrowFailure(List<Future<Void>> workers, boolean await)
      throws SQLException, InterruptedException {
    for (Future<Void> worker : workers) {
      if (!await && !worker.isDone()) {
        continue;
      }
      try {
        worker.get();
      } catch (ExecutionException e) {
        switch (Objects.requireNonNullElse(e.getCause(), e)) {
          case SQLException sql -> throw sql;
          case RuntimeException runtime -> throw runtime;
          case Error error -> throw error;
          default -> throw new IllegalStateException("sample data worker failed", e.getCause());
        }
      }
    }
  }

  private static void requireArgument(@Nullable Object value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
  }

  /** A range of invoice numbers and the random stream it is drawn from. */
  private record Chunk(long first, long last, SplittableRandom random) {}

  /**
   * Hands out the chunks in number order. Chunk {@code k} always gets the {@code k}-th split of the
   * invoices' stream, whichever worker asks for it.
   */
  private static final class Chunks {

    private final long total;
    private final SplittableRandom invoices;
    private long nextFirst = 1;

    Chunks(long total, SplittableRandom invoices) {
      this.total = total;
      this.invoices = invoices;
    }

    synchronized @Nullable Chunk next() {
      if (nextFirst > total) {
        return null;
      }
      long first = nextFirst;
      long last = Math.min(total, first + CHUNK_INVOICES - 1);
      nextFirst = last + 1;
      return new Chunk(first, last, invoices.split());
    }
  }
}
