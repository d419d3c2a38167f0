package io.codemode4j.spring;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.sample.SampleData;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * A {@link Warehouse}, a {@link CodeMode} over it, a {@link ToolDiscovery} and the {@link
 * CodeModePrincipals}, each backing off when the application defines a bean of its type.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>Runs after Boot's {@code DataSourceAutoConfiguration} (named, so that {@code
 *       spring-boot-jdbc} stays the application's choice), so the application's {@code DataSource}
 *       is there to be used when {@code codemode.warehouse.*} names no sample or parquet directory.
 *   <li>A starter whose warehouse cannot be built fails the application's start with what to set,
 *       rather than backing off silently: an application adds this starter to get the tools.
 *   <li>The sample and a parquet directory get the sample's whole toolkit ({@code warehouse.*} and
 *       {@code billing.*}); a {@code DataSource} warehouse, or one the application defined, gets
 *       {@code warehouse.query} and {@code warehouse.tables}. An application with tools of its own
 *       defines the {@link CodeMode} bean.
 *   <li>Every {@link PassListener} bean (an {@code AuditLog}, an {@code OpenTelemetryListener})
 *       listens to the passes.
 * </ul>
 */
@AutoConfiguration(
    afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@EnableConfigurationProperties({CodeModeProperties.class, WarehouseProperties.class})
public class CodeModeAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  public Warehouse codeModeWarehouse(
      WarehouseProperties properties,
      ObjectProvider<DataSource> dataSources,
      ObjectProvider<SqlAllowlist> allowlists)
      throws WarehouseException {
    return switch (properties.source()) {
      case BUNDLED_SAMPLE -> BillingSample.open(bundledSample(properties), properties.cacheDir());
      case PARQUET_DIRECTORY ->
          BillingSample.open(requireParquetDir(properties), properties.cacheDir());
      case DATA_SOURCE -> {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null) {
          throw new IllegalStateException(
              "codemode4j has no warehouse: the application has "
                  + (dataSources.stream().count() == 0 ? "no DataSource" : "several DataSources")
                  + "; set spring.datasource.url (and codemode.warehouse.tables.TABLE=TENANT_COLUMN),"
                  + " codemode.warehouse.sample=true or codemode.warehouse.parquet-dir=DIR, or"
                  + " define a Warehouse bean");
        }
        SqlAllowlist allowlist = allowlists.getIfAvailable(properties::allowlist);
        yield Warehouse.builder(allowlist)
            .dataSource(dataSource)
            .queryTimeout(properties.queryTimeout())
            .maxRows(properties.maxRows())
            .build();
      }
    };
  }

  @Bean
  @ConditionalOnMissingBean
  public CodeMode codeMode(
      Warehouse warehouse,
      WarehouseProperties warehouseProperties,
      CodeModeProperties properties,
      ObjectProvider<PassListener> listeners)
      throws WarehouseException {
    CodeMode.Builder builder =
        CodeMode.builder()
            .limits(properties.limits())
            .maxEgressBytes(properties.maxEgressBytes())
            .isolation(properties.isolation().isolation())
            .includeDeclarations(properties.includeDeclarations())
            // The description is made per principal (CodeModePrincipals), as the MCP server does.
            .describePerRun(true);
    if (warehouseProperties.source() == WarehouseSource.DATA_SOURCE) {
      WarehouseTools.of(warehouse).installInto(builder);
    } else {
      BillingSample.installTools(warehouse, builder);
    }
    listeners.orderedStream().forEach(builder::listener);
    return builder.build();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(name = "codemode.discovery", havingValue = "true", matchIfMissing = true)
  public ToolDiscovery codeModeToolDiscovery(CodeMode codeMode) {
    return ToolDiscovery.of(List.of(codeMode));
  }

  @Bean
  @ConditionalOnMissingBean
  public CodeModePrincipals codeModePrincipals(CodeModeProperties properties) {
    return CodeModePrincipals.fromContextOr(properties.principal().toPrincipal());
  }

  private static Path requireParquetDir(WarehouseProperties properties) {
    Path dir = properties.parquetDir();
    if (dir == null) {
      throw new IllegalStateException("codemode.warehouse.parquet-dir is not set");
    }
    return dir;
  }

  private static Path bundledSample(WarehouseProperties properties) throws WarehouseException {
    try {
      return SampleData.bundledDirectory(properties.cacheDir());
    } catch (NoClassDefFoundError e) {
      throw new IllegalStateException(
          "codemode.warehouse.sample=true needs io.codemode4j:codemode4j-sample-data on the class"
              + " path: add it as a dependency, or set codemode.warehouse.parquet-dir instead",
          e);
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot unpack the bundled sample data under "
              + properties.cacheDir()
              + ": "
              + e.getMessage()
              + "; set codemode.warehouse.cache-dir to a writable directory",
          e);
    }
  }
}
