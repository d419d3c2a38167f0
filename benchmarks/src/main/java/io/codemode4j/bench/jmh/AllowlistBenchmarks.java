package io.codemode4j.bench.jmh;

import io.codemode4j.bench.AcceptedCorpus;
import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link SqlAllowlist#approve} (parse, check, tenant rewrite for {@code emea}, render) over the
 * accepted corpus, one query per operation in turn: {@link #approve} with the approval cache off
 * ({@code allowlist_us}), {@link #approveRepeated} with it on, every query already approved once.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class AllowlistBenchmarks {

  private static final QueryPolicy POLICY = QueryPolicy.forTenant(Tenant.of("emea"), 10_000);

  private SqlAllowlist allowlist;
  private SqlAllowlist cached;
  private List<AcceptedCorpus.Query> corpus;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws SqlRefusedException {
    allowlist = BillingSample.builder().approvalCacheSize(0).build();
    cached = BillingSample.allowlist();
    corpus = AcceptedCorpus.queries();
    for (AcceptedCorpus.Query query : corpus) {
      cached.approve(query.sql(), POLICY);
    }
  }

  /** Uncached: parse, check, rewrite and render every time. */
  @Benchmark
  public ApprovedQuery approve() throws SqlRefusedException {
    AcceptedCorpus.Query query = corpus.get(next);
    next = (next + 1) % corpus.size();
    return allowlist.approve(query.sql(), POLICY);
  }

  /** A query approved before, from the approval cache. */
  @Benchmark
  public ApprovedQuery approveRepeated() throws SqlRefusedException {
    AcceptedCorpus.Query query = corpus.get(next);
    next = (next + 1) % corpus.size();
    return cached.approve(query.sql(), POLICY);
  }
}
