/**
 * The file target's encoders: {@link io.spate.db.files.ParquetRows} writes a task's rows to one
 * Parquet file through the engine's {@link io.spate.engine.encode.RowWriter} (CSV needs none of its
 * own: {@link io.spate.engine.encode.CsvWriter}). Nothing here needs Hadoop at run time.
 */
package io.spate.db.files;
