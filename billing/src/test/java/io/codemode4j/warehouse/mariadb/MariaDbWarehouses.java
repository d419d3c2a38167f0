package io.codemode4j.warehouse.mariadb;

import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import java.nio.file.Path;

/**
 * The sample warehouse on the test MariaDB ({@link TestBillingMariaDb}), opened as a front end
 * opens a description ({@link DescribedWarehouses}: the engine found by the URL, the sample's
 * description with {@code connection.tenantUser: tenant_{tenant}}).
 */
public final class MariaDbWarehouses {

  private MariaDbWarehouses() {}

  /**
   * The analyst's warehouse; each tenant's queries are rendered into its own database of views and
   * run as its own user ({@link TestBillingMariaDb#tenantUser}), so MariaDB's grants confine them
   * as well as the allowlist's filters.
   *
   * @throws IllegalStateException when the sample's description does not match the loaded tables
   */
  public static Warehouse open(Path cacheRoot) throws WarehouseException {
    TestBillingMariaDb.start();
    WarehouseConnection connection =
        new WarehouseConnection.Jdbc(
            TestMariaDb.url(TestBillingMariaDb.DATABASE),
            TestBillingMariaDb.READER,
            null,
            null,
            "tenant_{tenant}",
            null);
    try {
      return DescribedWarehouses.open(
              BillingSample.description(TestBillingMariaDb.sampleDir()).withConnection(connection),
              new EngineOpening.Credentials(
                  TestBillingMariaDb.READER, TestMariaDb.PASSWORD, TestMariaDb.PASSWORD),
              cacheRoot)
          .warehouse();
    } catch (DescriptionException e) {
      throw new IllegalStateException(
          "the billing sample's description does not match its tables on MariaDB: " + e, e);
    }
  }
}
