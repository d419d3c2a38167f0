package io.codemode4j.warehouse;

import io.codemode4j.bridge.Isolation;

/**
 * The database's adversarial corpus on the worker-process executor: the handlers, and DuckDB, run
 * in this process, the programs in two workers of 256 MiB heap.
 */
class HostileQueriesWorkerProcessIT extends HostileQueriesContract {
  HostileQueriesWorkerProcessIT() throws WarehouseException {
    super(new Isolation.Process(2, 256));
  }
}
