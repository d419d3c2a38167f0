/**
 * MariaDB as a warehouse engine, the groundwork of its plug-in: the lockdown MariaDB enforces by
 * itself ({@link io.codemode4j.engine.mariadb.MariaDbLockdown}: a reader with SELECT on the listed
 * tables alone, a database of definer views per tenant), the billing sample's loader ({@link
 * io.codemode4j.engine.mariadb.BillingMariaDb}), the engine's pool and typing ({@link
 * io.codemode4j.engine.mariadb.MariaDbEngine}, not registered until its dialect exists) and the
 * pieces of that dialect: Calcite's unparse ({@link
 * io.codemode4j.engine.mariadb.MariaDbSqlDialect}), cast types ({@link
 * io.codemode4j.engine.mariadb.MariaDbCastTypes}) and default functions ({@link
 * io.codemode4j.engine.mariadb.MariaDbFunctions}).
 */
@NullMarked
package io.codemode4j.engine.mariadb;

import org.jspecify.annotations.NullMarked;
