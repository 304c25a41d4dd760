-- The MariaDB twin of shared-key-references.sql (SharedKeyReferencesFillIT).
CREATE TABLE tenants (id int AUTO_INCREMENT PRIMARY KEY, name varchar(100) NOT NULL) ENGINE=InnoDB;
CREATE TABLE users (id int AUTO_INCREMENT PRIMARY KEY, name varchar(100) NOT NULL) ENGINE=InnoDB;
CREATE TABLE `groups` (id int AUTO_INCREMENT PRIMARY KEY, name varchar(100) NOT NULL) ENGINE=InnoDB;
CREATE TABLE memberships (
    id        int AUTO_INCREMENT PRIMARY KEY,
    tenant_id int,
    user_id   int,
    group_id  int,
    UNIQUE KEY tenant_user (tenant_id, user_id),
    UNIQUE KEY tenant_group (tenant_id, group_id),
    CONSTRAINT m_tenant FOREIGN KEY (tenant_id) REFERENCES tenants (id),
    CONSTRAINT m_user FOREIGN KEY (user_id) REFERENCES users (id),
    CONSTRAINT m_group FOREIGN KEY (group_id) REFERENCES `groups` (id)
) ENGINE=InnoDB;
