-- A MySQL/MariaDB schema as mysqldump writes one, for DdlSchemaIT: the schema DdlSchema reads
-- from this file must be the one MariaDbIntrospector reads from a database it created.
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
SET NAMES utf8mb4;
DROP TABLE IF EXISTS `types`;
CREATE TABLE `types` (
  `id` int unsigned NOT NULL AUTO_INCREMENT,
  `t_signed` tinyint NOT NULL,
  `flag` tinyint(1) DEFAULT NULL,
  `yes_no` bool NOT NULL DEFAULT 0,
  `s_unsigned` smallint unsigned,
  `m_signed` mediumint,
  `b_signed` bigint,
  `price` decimal(10,2) NOT NULL,
  `ratio` decimal(6,4) unsigned,
  `f` float,
  `d` double,
  `bits` bit(5),
  `code` char(3) NOT NULL,
  `name` varchar(40) COLLATE utf8mb4_bin COMMENT 'the name',
  `tiny_note` tinytext,
  `note` text,
  `long_note` longtext,
  `raw9` varbinary(9),
  `body` blob,
  `mood` enum('sad','ok','it''s fine') NOT NULL DEFAULT 'ok',
  `born` date,
  `at_time` time,
  `created` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  `updated` timestamp NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP,
  `yr` year,
  `doc` json,
  `twice` int AS (`m_signed` * 2) VIRTUAL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `types_code` (`code`),
  KEY `types_born` (`born`),
  CONSTRAINT `types_price` CHECK (`price` >= 0 and `price` <= 1000),
  CONSTRAINT `types_code_like` CHECK (`code` like 'C%')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

DROP TABLE IF EXISTS `child`;
CREATE TABLE `child` (
  `id` bigint NOT NULL AUTO_INCREMENT,
  `type_id` int unsigned NOT NULL,
  `code` char(3) NOT NULL,
  `qty` int NOT NULL CHECK (`qty` > 0),
  PRIMARY KEY (`id`),
  UNIQUE KEY (`type_id`, `code`),
  CONSTRAINT `child_type` FOREIGN KEY (`type_id`) REFERENCES `types` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
ALTER TABLE `child` ADD CONSTRAINT `child_code` FOREIGN KEY (`code`) REFERENCES `types` (`code`);
LOCK TABLES `child` WRITE;
UNLOCK TABLES;
