package io.spate.db.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names of constraints H2 named itself, as PostgreSQL names them. */
class H2NamesTest {

  @Test
  void aConstraintH2NamedItselfIsNamedAsPostgresqlWouldName() {
    assertEquals(
        "orders_pkey",
        H2Introspector.named("CONSTRAINT_8", "orders", "PRIMARY KEY", List.of("id")));
    assertEquals(
        "orders_email_key",
        H2Introspector.named("CONSTRAINT_8B", "orders", "UNIQUE", List.of("email")));
    assertEquals(
        "customer_c_w_id_c_d_id_fkey",
        H2Introspector.named(
            "CONSTRAINT_4BBF1", "customer", "FOREIGN KEY", List.of("c_w_id", "c_d_id")));
    assertEquals(
        "orders_amount_check",
        H2Introspector.named("CONSTRAINT_54_0", "orders", "CHECK", List.of("amount")));
    assertEquals(
        "orders_check",
        H2Introspector.named("CONSTRAINT_54", "orders", "CHECK", List.of("a", "b")));
  }

  @Test
  void aDeclaredNameStays() {
    assertEquals(
        "ck_amount", H2Introspector.named("ck_amount", "orders", "CHECK", List.of("amount")));
    assertEquals(
        "CONSTRAINT_NAMED", H2Introspector.named("CONSTRAINT_NAMED", "t", "UNIQUE", List.of("a")));
  }
}
