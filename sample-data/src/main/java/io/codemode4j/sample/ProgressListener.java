package io.codemode4j.sample;

/**
 * Told how far {@link SampleDataGenerator#generate} has come, e.g. to draw a progress bar.
 *
 * <p>Called on the thread that called {@code generate}, at most about 200 times per run, with
 * {@code invoicesDone} rising; the last call is {@code (invoicesTotal, invoicesTotal)} and comes
 * once all three files are in place. An exception thrown before the last call aborts the generation
 * and leaves no files.
 */
@FunctionalInterface
public interface ProgressListener {

  /**
   * @param invoicesDone invoices generated so far
   * @param invoicesTotal invoices the run generates in all
   */
  void onProgress(long invoicesDone, long invoicesTotal);

  /** A listener that ignores progress. */
  static ProgressListener silent() {
    return (done, total) -> {};
  }
}
