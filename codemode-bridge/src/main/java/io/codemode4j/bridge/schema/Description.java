package io.codemode4j.bridge.schema;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a record component means, for {@link JsonSchemas#forRecord}: it becomes the property's
 * {@code description}, which the TypeScript declarations show as JSDoc.
 *
 * <pre>{@code
 * record InvoiceQuery(@Description("The customer's exact name, e.g. Acme.") String customer) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Description {
  String value();
}
