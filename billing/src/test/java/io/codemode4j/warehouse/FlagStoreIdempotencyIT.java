package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.engine.postgres.PostgresTestServer;
import io.codemode4j.warehouse.billing.FlagStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flag store writes one flag per idempotency key, whichever store writes it: two stores (two
 * hosts' or processes' views of one embedded file, or of one shared PostgreSQL) writing the same
 * key at once write it once and both return that flag; a key-less write always writes; a store made
 * before keys existed gains them.
 */
class FlagStoreIdempotencyIT {

  @TempDir Path dir;

  private static CallContext call(String key) {
    return new CallContext(
        "run-1",
        "apply-1",
        "apply-1:1",
        "outer-1",
        "billing.flagInvoice",
        Principal.unconfined("ana"),
        key);
  }

  /** Both stores add the same keyed flag at once; returns their two flags' ids. */
  private static List<String> addTwiceAtOnce(Supplier<FlagStore> stores, String key)
      throws Exception {
    FlagStore first = stores.get();
    FlagStore second = stores.get();
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService both = Executors.newFixedThreadPool(2);
    try {
      List<Callable<String>> adds =
          List.of(
              () -> {
                go.await();
                return first.add("INV-0000001", "emea", "plan", call(key)).flagId();
              },
              () -> {
                go.await();
                return second.add("INV-0000001", "emea", "plan", call(key)).flagId();
              });
      List<Future<String>> running = adds.stream().map(both::submit).toList();
      go.countDown();
      return List.of(running.get(0).get(), running.get(1).get());
    } finally {
      both.shutdownNow();
    }
  }

  @Test
  void add_sameKeyThroughTwoEmbeddedStoresAtOnce_writesOneFlagBothReturn() throws Exception {
    Path state = dir.resolve("state");
    String key = "plan-" + UUID.randomUUID() + ":2";

    List<String> ids = addTwiceAtOnce(() -> FlagStore.embedded(state), key);

    assertThat(ids.get(0)).isEqualTo(ids.get(1));
    assertThat(FlagStore.embedded(state).list(null, null))
        .extracting(FlagStore.Flag::flagId)
        .containsExactly(ids.get(0));
  }

  @Test
  void add_sameKeyThroughTwoSharedDatabaseStoresAtOnce_writesOneFlagBothReturn() throws Exception {
    var database = PostgresTestServer.server().getPostgresDatabase();
    String key = "plan-" + UUID.randomUUID() + ":3";

    List<String> ids = addTwiceAtOnce(() -> FlagStore.of(database), key);

    assertThat(ids.get(0)).isEqualTo(ids.get(1));
    assertThat(FlagStore.of(database).list(null, null))
        .extracting(FlagStore.Flag::flagId)
        .containsOnlyOnce(ids.get(0));
  }

  /**
   * Hosts that start together on a new shared database each create the table, the key column and
   * the index (PostgreSQL's {@code IF NOT EXISTS} is not atomic): a host can lose the race for the
   * table and then for the index. Sixteen at once, on a fresh database each of 20 rounds, all write
   * (with one retry, the first of them failed within 20 rounds).
   */
  @Test
  void add_sixteenSharedStoresOnAFreshDatabaseAtOnce_allPrepareItAndWrite() throws Exception {
    var server = PostgresTestServer.server();
    for (int round = 0; round < 20; round++) {
      String name = "flags_race_" + round + "_" + UUID.randomUUID().toString().substring(0, 8);
      try (Connection admin = server.getPostgresDatabase().getConnection();
          Statement sql = admin.createStatement()) {
        sql.execute("CREATE DATABASE " + name);
      }
      var database = server.getDatabase("postgres", name);
      List<FlagStore> stores = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        stores.add(FlagStore.of(database));
      }
      CountDownLatch go = new CountDownLatch(1);
      ExecutorService all = Executors.newFixedThreadPool(stores.size());
      try {
        List<Future<String>> adds = new ArrayList<>();
        for (int i = 0; i < stores.size(); i++) {
          FlagStore store = stores.get(i);
          String key = "plan-" + name + ":" + i;
          adds.add(
              all.submit(
                  () -> {
                    go.await();
                    return store.add("INV-0000001", "emea", "race", call(key)).flagId();
                  }));
        }
        go.countDown();
        for (Future<String> add : adds) {
          assertThat(add.get()).isNotBlank();
        }
      } finally {
        all.shutdownNow();
      }
      assertThat(FlagStore.of(database).list(null, null)).as(name).hasSize(stores.size());
    }
  }

  @Test
  void add_withoutKey_writesEachTime() throws Exception {
    FlagStore store = FlagStore.embedded(dir.resolve("unkeyed"));
    CallContext direct =
        new CallContext(
            "run-1",
            "pass-1",
            "pass-1:1",
            "outer-1",
            "billing.flagInvoice",
            Principal.unconfined("ana"));

    store.add("INV-0000001", "emea", "one", direct);
    store.add("INV-0000001", "emea", "two", direct);

    assertThat(store.list(null, null)).hasSize(2);
  }

  @Test
  void add_toAStoreMadeBeforeKeys_addsTheColumnAndKeepsTheOldFlags() throws Exception {
    Path old = Files.createDirectories(dir.resolve("old"));
    try (Connection connection =
            DriverManager.getConnection("jdbc:duckdb:" + old.resolve("flags.duckdb"));
        Statement sql = connection.createStatement()) {
      sql.execute(
          "CREATE TABLE invoice_flags (flag_id VARCHAR PRIMARY KEY, invoice_id VARCHAR NOT NULL,"
              + " region VARCHAR NOT NULL, reason VARCHAR NOT NULL, run_id VARCHAR NOT NULL,"
              + " pass_id VARCHAR NOT NULL, call_id VARCHAR NOT NULL, principal VARCHAR NOT NULL,"
              + " created_at TIMESTAMP NOT NULL)");
      sql.execute(
          "INSERT INTO invoice_flags VALUES ('f-old', 'INV-0000002', 'emea', 'old', 'r', 'p',"
              + " 'p:1', 'ana', TIMESTAMP '2026-01-01 00:00:00')");
    }
    FlagStore store = FlagStore.embedded(old);

    store.add("INV-0000001", "emea", "keyed", call("plan-x:2"));
    store.add("INV-0000001", "emea", "keyed", call("plan-x:2"));

    assertThat(store.list(null, null))
        .extracting(FlagStore.Flag::reason)
        .containsExactly("old", "keyed");
    // A later process opens the store, now keyed, again.
    assertThat(FlagStore.embedded(old).add("INV-0000001", "emea", "keyed", call("plan-x:2")))
        .extracting(FlagStore.Flag::reason)
        .isEqualTo("keyed");
  }
}
