-- source: https://github.com/ZoneMinder/zoneminder/blob/bde61e7af60c7f3f176a7b2741fb1d52bd836c1d/db/zm_create.sql.in
--   plus the table-creating files it sources: db/User_Preferences.sql, db/Object_Types.sql, db/AI_Models.sql (same commit, inlined where sourced)
-- licence: GPL-2.0
-- edits: @ZM_MYSQL_ENGINE@ replaced by InnoDB; CREATE DATABASE/USE, SET, DROP TABLE IF EXISTS and INSERT seed rows removed;
--        sourced files with only seed data (controls, manufacturers, models, coco_dataset) and db/triggers.sql not included;
--        in the comment above Events_Lock, 'Events_*/Event_Summaries' spaced to 'Events_* / Event_Summaries' (the '*/' closed the comment early)
--        kept from the dump header: FOREIGN_KEY_CHECKS=0 while creating (tables reference tables created later), restored at the end
SET FOREIGN_KEY_CHECKS=0;
CREATE TABLE `Config` (
  `Id` smallint(5) unsigned NOT NULL default '0',
  `Name` varchar(32) NOT NULL default '',
  `Value` text NOT NULL,
  `Type` tinytext NOT NULL,
  `DefaultValue` text,
  `Hint` tinytext,
  `Pattern` tinytext,
  `Format` tinytext,
  `Prompt` tinytext,
  `Help` text,
  `Category` varchar(32) NOT NULL default '',
  `Readonly` tinyint(3) unsigned NOT NULL default '0',
  `Private` BOOLEAN NOT NULL DEFAULT FALSE,
  `System` BOOLEAN NOT NULL DEFAULT FALSE,
  `Requires` text,
  PRIMARY KEY (`Name`)
) ENGINE=InnoDB;
CREATE TABLE `ControlPresets` (
  `MonitorId` int(10) unsigned NOT NULL default '0',
  `Preset` int(10) unsigned NOT NULL default '0',
  `Label` varchar(64) NOT NULL default '',
  PRIMARY KEY (`MonitorId`,`Preset`)
) ENGINE=InnoDB;
CREATE TABLE `Controls` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `Type` enum('Local','Remote','File','Ffmpeg','Libvlc','cURL','WebSite','NVSocket','VNC') NOT NULL default 'Local',
  `Protocol` varchar(64) default NULL,
  `CanWake` tinyint(3) unsigned NOT NULL default '0',
  `CanSleep` tinyint(3) unsigned NOT NULL default '0',
  `CanReset` tinyint(3) unsigned NOT NULL default '0',
  `CanReboot` tinyint(3) unsigned NOT NULL default '0',
  `CanZoom` tinyint(3) unsigned NOT NULL default '0',
  `CanAutoZoom` tinyint(3) unsigned NOT NULL default '0',
  `CanZoomAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanZoomRel` tinyint(3) unsigned NOT NULL default '0',
  `CanZoomCon` tinyint(3) unsigned NOT NULL default '0',
  `MinZoomRange` int(10) unsigned default NULL,
  `MaxZoomRange` int(10) unsigned default NULL,
  `MinZoomStep` int(10) unsigned default NULL,
  `MaxZoomStep` int(10) unsigned default NULL,
  `HasZoomSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinZoomSpeed` int(10) unsigned default NULL,
  `MaxZoomSpeed` int(10) unsigned default NULL,
  `CanFocus` tinyint(3) unsigned NOT NULL default '0',
  `CanAutoFocus` tinyint(3) unsigned NOT NULL default '0',
  `CanFocusAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanFocusRel` tinyint(3) unsigned NOT NULL default '0',
  `CanFocusCon` tinyint(3) unsigned NOT NULL default '0',
  `MinFocusRange` int(10) unsigned default NULL,
  `MaxFocusRange` int(10) unsigned default NULL,
  `MinFocusStep` int(10) unsigned default NULL,
  `MaxFocusStep` int(10) unsigned default NULL,
  `HasFocusSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinFocusSpeed` int(10) unsigned default NULL,
  `MaxFocusSpeed` int(10) unsigned default NULL,
  `CanIris` tinyint(3) unsigned NOT NULL default '0',
  `CanAutoIris` tinyint(3) unsigned NOT NULL default '0',
  `CanIrisAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanIrisRel` tinyint(3) unsigned NOT NULL default '0',
  `CanIrisCon` tinyint(3) unsigned NOT NULL default '0',
  `MinIrisRange` int(10) unsigned default NULL,
  `MaxIrisRange` int(10) unsigned default NULL,
  `MinIrisStep` int(10) unsigned default NULL,
  `MaxIrisStep` int(10) unsigned default NULL,
  `HasIrisSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinIrisSpeed` int(10) unsigned default NULL,
  `MaxIrisSpeed` int(10) unsigned default NULL,
  `CanGain` tinyint(3) unsigned NOT NULL default '0',
  `CanAutoGain` tinyint(3) unsigned NOT NULL default '0',
  `CanGainAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanGainRel` tinyint(3) unsigned NOT NULL default '0',
  `CanGainCon` tinyint(3) unsigned NOT NULL default '0',
  `MinGainRange` int(10) unsigned default NULL,
  `MaxGainRange` int(10) unsigned default NULL,
  `MinGainStep` int(10) unsigned default NULL,
  `MaxGainStep` int(10) unsigned default NULL,
  `HasGainSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinGainSpeed` int(10) unsigned default NULL,
  `MaxGainSpeed` int(10) unsigned default NULL,
  `CanWhite` tinyint(3) unsigned NOT NULL default '0',
  `CanAutoWhite` tinyint(3) unsigned NOT NULL default '0',
  `CanWhiteAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanWhiteRel` tinyint(3) unsigned NOT NULL default '0',
  `CanWhiteCon` tinyint(3) unsigned NOT NULL default '0',
  `MinWhiteRange` int(10) unsigned default NULL,
  `MaxWhiteRange` int(10) unsigned default NULL,
  `MinWhiteStep` int(10) unsigned default NULL,
  `MaxWhiteStep` int(10) unsigned default NULL,
  `HasWhiteSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinWhiteSpeed` int(10) unsigned default NULL,
  `MaxWhiteSpeed` int(10) unsigned default NULL,
  `CanLight` tinyint(3) unsigned NOT NULL default '0',
  `CanIndicatorLight` tinyint(3) unsigned NOT NULL default '0',
  `HasPresets` tinyint(3) unsigned NOT NULL default '0',
  `NumPresets` tinyint(3) unsigned NOT NULL default '0',
  `HasHomePreset` tinyint(3) unsigned NOT NULL default '0',
  `CanSetPresets` tinyint(3) unsigned NOT NULL default '0',
  `CanMove` tinyint(3) unsigned NOT NULL default '0',
  `CanMoveDiag` tinyint(3) unsigned NOT NULL default '0',
  `CanMoveMap` tinyint(3) unsigned NOT NULL default '0',
  `CanMoveAbs` tinyint(3) unsigned NOT NULL default '0',
  `CanMoveRel` tinyint(3) unsigned NOT NULL default '0',
  `CanMoveCon` tinyint(3) unsigned NOT NULL default '0',
  `CanPan` tinyint(3) unsigned NOT NULL default '0',
  `MinPanRange` int(10) default NULL,
  `MaxPanRange` int(10) default NULL,
  `MinPanStep` int(10) default NULL,
  `MaxPanStep` int(10) default NULL,
  `HasPanSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinPanSpeed` int(10) default NULL,
  `MaxPanSpeed` int(10) default NULL,
  `HasTurboPan` tinyint(3) unsigned NOT NULL default '0',
  `TurboPanSpeed` int(10) default NULL,
  `CanTilt` tinyint(3) unsigned NOT NULL default '0',
  `MinTiltRange` int(10) default NULL,
  `MaxTiltRange` int(10) default NULL,
  `MinTiltStep` int(10) default NULL,
  `MaxTiltStep` int(10) default NULL,
  `HasTiltSpeed` tinyint(3) unsigned NOT NULL default '0',
  `MinTiltSpeed` int(10) default NULL,
  `MaxTiltSpeed` int(10) default NULL,
  `HasTurboTilt` tinyint(3) unsigned NOT NULL default '0',
  `TurboTiltSpeed` int(10) default NULL,
  `CanAutoScan` tinyint(3) unsigned NOT NULL default '0',
  `NumScanPaths` tinyint(3) unsigned NOT NULL default '0',
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE `Devices` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` tinytext NOT NULL,
  `Type` enum('X10') NOT NULL default 'X10',
  `KeyString` varchar(32) NOT NULL default '',
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE `EncoderTemplates` (
  `Id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `Encoder` varchar(32) NOT NULL,
  `Name` varchar(64) NOT NULL,
  `Description` text,
  `Params` text NOT NULL,
  PRIMARY KEY (`Id`),
  KEY `Encoder` (`Encoder`),
  UNIQUE KEY `Encoder_Name` (`Encoder`, `Name`)
) ENGINE=InnoDB;
CREATE TABLE `Events` (
  `Id` bigint unsigned NOT NULL auto_increment,
  `MonitorId` int(10) unsigned NOT NULL default '0',
  `StorageId`	smallint(5) unsigned default 0,
  `SecondaryStorageId`	smallint(5) unsigned default 0,
  `Name` varchar(64) NOT NULL default '',
  `Cause` TEXT,
  `StartDateTime` datetime default NULL,
  `EndDateTime` datetime default NULL,
  `Width` smallint(5) unsigned NOT NULL default '0',
  `Height` smallint(5) unsigned NOT NULL default '0',
  `Length` decimal(10,2) NOT NULL default '0.00',
  `Frames` int(10) unsigned default NULL,
  `AlarmFrames` int(10) unsigned default NULL,
  `DefaultVideo` VARCHAR( 64 ) DEFAULT '' NOT NULL,
  `SaveJPEGs` TINYINT,
  `TotScore` int(10) unsigned NOT NULL default '0',
  `AvgScore` smallint(5) unsigned default '0',
  `MaxScore` smallint(5) unsigned default '0',
  `MaxScoreFrameId` int(10) unsigned default NULL,
  `Archived` tinyint(3) unsigned NOT NULL default '0',
  `Videoed` tinyint(3) unsigned NOT NULL default '0',
  `Uploaded` tinyint(3) unsigned NOT NULL default '0',
  `Emailed` tinyint(3) unsigned NOT NULL default '0',
  `Messaged` tinyint(3) unsigned NOT NULL default '0',
  `Executed` tinyint(3) unsigned NOT NULL default '0',
  `Notes` text,
  `StateId` int(10) unsigned NOT NULL,
  `Orientation` enum('ROTATE_0','ROTATE_90','ROTATE_180','ROTATE_270','FLIP_HORI','FLIP_VERT') NOT NULL default 'ROTATE_0',
  `DiskSpace`   bigint unsigned default NULL,
  `Scheme`   enum('Deep','Medium','Shallow') NOT NULL default 'Medium',
  `Locked`    BOOLEAN NOT NULL DEFAULT False,
  `Latitude`  DECIMAL(10,8),
  `Longitude`  DECIMAL(11,8),
  PRIMARY KEY (`Id`),
  KEY `Events_StorageId_idx` (`StorageId`),
  KEY `Events_StartDateTime_idx` (`StartDateTime`),
  /*
   * The two composite keys below serve the "events overlapping a time window"
   * query that montage review and any DateTime filter term run:
   *   MonitorId = m AND StartDateTime <= T2 AND (EndDateTime IS NULL OR EndDateTime >= T1)
   * Two range columns cannot both narrow one B-tree, and the two are mirror
   * images: EndDateTime >= T1 is open-ended upwards, so it is cheap for a
   * window near now and degenerate for an old one; StartDateTime <= T2 is
   * open-ended downwards, so it is the other way round. Keeping both lets the
   * optimiser pick per query.
   * MonitorId leads on the StartDateTime key because it is the equality: once a
   * range column is reached, later columns can no longer narrow the scan. It
   * also stands in for the old MonitorId-only key as a leftmost prefix.
   */
  KEY `Events_MonitorId_StartDateTime_idx` (`MonitorId`,`StartDateTime`),
  /*
   * EndDateTime leads here so the key also covers zmaudit's hunt for events
   * that were never closed (EndDateTime IS NULL), which has no monitor to scope
   * it. That was the only remaining use of the old (EndDateTime,DiskSpace) key:
   * DiskSpace is set when the event is finalised in C++, so nothing scans for
   * events missing it any more.
   */
  KEY `Events_EndDateTime_MonitorId_idx` (`EndDateTime`,`MonitorId`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Hour` (
  `EventId` BIGINT unsigned NOT NULL,
  `MonitorId` int(10) unsigned NOT NULL,
  `StartDateTime` datetime default NULL,
  `DiskSpace`   bigint default NULL,
  PRIMARY KEY (`EventId`),
  KEY `Events_Hour_MonitorId_idx` (`MonitorId`),
  KEY `Events_Hour_StartDateTime_idx` (`StartDateTime`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Day` (
  `EventId` BIGINT unsigned NOT NULL,
  `MonitorId` int(10) unsigned NOT NULL,
  `StartDateTime` datetime default NULL,
  `DiskSpace`   bigint default NULL,
  PRIMARY KEY (`EventId`),
  KEY `Events_Day_MonitorId_idx` (`MonitorId`),
  KEY `Events_Day_StartDateTime_idx` (`StartDateTime`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Week` (
  `EventId` BIGINT unsigned NOT NULL,
  `MonitorId` int(10) unsigned NOT NULL,
  `StartDateTime` datetime default NULL,
  `DiskSpace`   bigint default NULL,
  PRIMARY KEY (`EventId`),
  KEY `Events_Week_MonitorId_idx` (`MonitorId`),
  KEY `Events_Week_StartDateTime_idx` (`StartDateTime`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Month` (
  `EventId` BIGINT unsigned NOT NULL,
  `MonitorId` int(10) unsigned NOT NULL,
  `StartDateTime` datetime default NULL,
  `DiskSpace`   bigint default NULL,
  PRIMARY KEY (`EventId`),
  KEY `Events_Month_MonitorId_idx` (`MonitorId`),
  KEY `Events_Month_StartDateTime_idx` (`StartDateTime`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Archived` (
  `EventId` BIGINT unsigned NOT NULL,
  `MonitorId` int(10) unsigned NOT NULL,
  `DiskSpace`   bigint default NULL,
  PRIMARY KEY (`EventId`),
  KEY `Events_Archived_MonitorId_idx` (`MonitorId`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Lock` (
  `EventId`   BIGINT unsigned NOT NULL,
  `LockedBy`  varchar(64) NOT NULL, /* server id and pid of the claiming process */
  `LockedAt`  datetime NOT NULL,
  `ExpiresAt` datetime NOT NULL, /* claims expire so a killed filter cannot hold one forever */
  PRIMARY KEY (`EventId`),
  KEY `Events_Lock_ExpiresAt_idx` (`ExpiresAt`)
) ENGINE=InnoDB;
CREATE TABLE `Event_Data` (
  `Id`      BIGINT unsigned NOT NULL auto_increment,
  `EventId` BIGINT unsigned, /* No foreign key for performance */
  `MonitorId` int(10) unsigned, /* No foreign key for performance, can be NULL */
  `FrameId`   int(10) unsigned, /* No foriegn key for performance, can by NULL */
  `Timestamp` TIMESTAMP(3),
  `Data`      TEXT,
  PRIMARY KEY (`Id`),
  KEY `Event_Data_EventId_FrameId_idx` (`EventId`, `FrameId`)
) ENGINE=InnoDB;
CREATE TABLE `Filters` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `UserId`  int(10) unsigned,
  `ExecuteInterval` int(10) unsigned NOT NULL default '60',
  `Query_json` text NOT NULL,
  `AutoArchive` tinyint(3) unsigned NOT NULL default '0',
  `AutoUnarchive` tinyint(3) unsigned NOT NULL default '0',
  `AutoVideo` tinyint(3) unsigned NOT NULL default '0',
  `AutoUpload` tinyint(3) unsigned NOT NULL default '0',
  `AutoEmail` tinyint(3) unsigned NOT NULL default '0',
	`EmailTo`				TEXT,
	`EmailSubject`	TEXT,
	`EmailBody`			TEXT,
	`EmailServer`			TEXT,
	`EmailFormat`		enum('Individual','Summary') NOT NULL default 'Individual',
  `AutoMessage` tinyint(3) unsigned NOT NULL default '0',
  `AutoExecute` tinyint(3) unsigned NOT NULL default '0',
  `AutoExecuteCmd` tinytext,
  `AutoDelete` tinyint(3) unsigned NOT NULL default '0',
  `AutoMove` tinyint(3) unsigned NOT NULL default '0',
  `AutoMoveTo`	smallint(5) unsigned NOT NULL default 0,
  `AutoCopy` tinyint(3) unsigned NOT NULL default '0',
  `AutoCopyTo`	smallint(5) unsigned NOT NULL default 0,
  `UpdateDiskSpace` tinyint(3) unsigned NOT NULL default '0',
  `Background` tinyint(1) unsigned NOT NULL default '0',
  `Concurrent` tinyint(1) unsigned NOT NULL default '0',
  `LockRows` tinyint(1) unsigned NOT NULL default '0',
  PRIMARY KEY (`Id`),
  KEY `Name` (`Name`)
) ENGINE=InnoDB;
CREATE TABLE `Frames` (
  `Id` BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
  `EventId` BIGINT UNSIGNED NOT NULL default '0',
  /* FOREIGN KEY (`EventId`) REFERENCES `Events` (`Id`) ON DELETE CASCADE,*/
  `FrameId` int(10) unsigned NOT NULL default '0',
  `Type` enum('Normal','Bulk','Alarm') NOT NULL default 'Normal',
  `TimeStamp` timestamp NOT NULL default CURRENT_TIMESTAMP on update CURRENT_TIMESTAMP,
  `Delta` decimal(8,2) NOT NULL default '0.00',
  `Score` smallint(5) unsigned NOT NULL default '0',
  PRIMARY KEY (`Id`),
  INDEX `EventId_idx` (`EventId`),
  KEY `Type` (`Type`),
  KEY `TimeStamp` (`TimeStamp`)
) ENGINE=InnoDB;
CREATE TABLE `Groups` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `ParentId` int(10) unsigned,
  FOREIGN KEY (`ParentId`) REFERENCES `Groups` (`Id`) ON DELETE CASCADE,
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE `Groups_Monitors` (
    `Id` INT(10) unsigned NOT NULL auto_increment,
    `GroupId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`GroupId`) REFERENCES `Groups` (`Id`) ON DELETE CASCADE,
    `MonitorId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE,
    PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE INDEX `Groups_Monitors_GroupId_idx` ON `Groups_Monitors` (`GroupId`);
CREATE INDEX `Groups_Monitors_MonitorId_idx` ON `Groups_Monitors` (`MonitorId`);
CREATE TABLE `Groups_Permissions` (
    `Id` INT(10) unsigned NOT NULL auto_increment,
    `GroupId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`GroupId`) REFERENCES `Groups` (`Id`) ON DELETE CASCADE,
    `UserId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`UserId`) REFERENCES `Users` (`Id`) ON DELETE CASCADE,
    `Permission` enum('Inherit', 'None','View','Edit') NOT NULL default 'Inherit',
    PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE UNIQUE INDEX `Groups_Permissions_GroupId_UserId_idx` ON `Groups_Permissions` (`GroupId`,`UserId`);
CREATE INDEX `Groups_Permissions_UserId_idx` ON `Groups_Permissions` (`UserId`);
CREATE TABLE `Monitors_Permissions` (
    `Id` INT(10) unsigned NOT NULL auto_increment,
    `MonitorId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE,
    `UserId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`UserId`) REFERENCES `Users` (`Id`) ON DELETE CASCADE,
    `Permission` enum('Inherit','None','View','Edit') NOT NULL default 'Inherit',
    PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE UNIQUE INDEX `Monitors_Permissions_MonitorId_UserId_idx` ON `Monitors_Permissions` (`MonitorId`,`UserId`);
CREATE INDEX `Monitors_Permissions_UserId_idx` ON `Monitors_Permissions` (`UserId`);
CREATE TABLE `Role_Groups_Permissions` (
    `Id` INT(10) unsigned NOT NULL auto_increment,
    `RoleId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`RoleId`) REFERENCES `User_Roles` (`Id`) ON DELETE CASCADE,
    `GroupId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`GroupId`) REFERENCES `Groups` (`Id`) ON DELETE CASCADE,
    `Permission` enum('Inherit','None','View','Edit') NOT NULL default 'Inherit',
    PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE UNIQUE INDEX `Role_Groups_Permissions_RoleId_GroupId_idx` ON `Role_Groups_Permissions` (`RoleId`,`GroupId`);
CREATE INDEX `Role_Groups_Permissions_RoleId_idx` ON `Role_Groups_Permissions` (`RoleId`);
CREATE TABLE `Role_Monitors_Permissions` (
    `Id` INT(10) unsigned NOT NULL auto_increment,
    `RoleId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`RoleId`) REFERENCES `User_Roles` (`Id`) ON DELETE CASCADE,
    `MonitorId` int(10) unsigned NOT NULL,
    FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE,
    `Permission` enum('Inherit','None','View','Edit') NOT NULL default 'Inherit',
    PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE UNIQUE INDEX `Role_Monitors_Permissions_RoleId_MonitorId_idx` ON `Role_Monitors_Permissions` (`RoleId`,`MonitorId`);
CREATE INDEX `Role_Monitors_Permissions_RoleId_idx` ON `Role_Monitors_Permissions` (`RoleId`);
CREATE TABLE `Logs` (
  `Id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `TimeKey` decimal(16,6) NOT NULL,
  `Component` varchar(32) NOT NULL,
  `ServerId` int(10) unsigned,
  `Pid` int(10) DEFAULT NULL,
  `Level` tinyint(3) NOT NULL,
  `Code` char(3) NOT NULL,
  `Message` text NOT NULL,
  `File` varchar(255) DEFAULT NULL,
  `Line` smallint(5) unsigned DEFAULT NULL,
  PRIMARY KEY (`Id`),
  KEY `TimeKey` (`TimeKey`)
) ENGINE=InnoDB;
CREATE INDEX `Logs_TimeKey_idx` ON `Logs` (`TimeKey`);
CREATE INDEX `Logs_Level_idx` ON `Logs` (`Level`);
CREATE INDEX `Logs_Component_Level_TimeKey_Id_idx` ON `Logs` (`Component`, `Level`, `TimeKey`, `Id`);
CREATE TABLE `Manufacturers` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name`  varchar(64) NOT NULL,
  PRIMARY KEY (`Id`),
  UNIQUE KEY (`Name`)
) ENGINE=InnoDB;
CREATE TABLE `Models` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name`  varchar(64) NOT NULL,
  `ManufacturerId` int(10),
  PRIMARY KEY (`Id`),
  UNIQUE KEY (`ManufacturerId`,`Name`)
) ENGINE=InnoDB;
CREATE TABLE `MonitorPresets` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `ModelId`  int unsigned, FOREIGN KEY (`ModelId`) REFERENCES `Models` (Id),
  `Name` varchar(64) NOT NULL default '',
  `Type` enum('Local','Remote','File','Ffmpeg','Libvlc','cURL','WebSite','NVSocket','VNC') NOT NULL default 'Local',
  `Device` tinytext,
  `Channel` tinyint(3) unsigned default NULL,
  `Format` int(10) unsigned default NULL,
  `Protocol` varchar(16) default NULL,
  `Method` varchar(16) default NULL,
  `Host` varchar(64) default NULL,
  `Port` varchar(8) default NULL,
  `Path` varchar(255) default NULL,
  `SubPath` varchar(64) default NULL,
  `Width` smallint(5) unsigned default NULL,
  `Height` smallint(5) unsigned default NULL,
  `Palette` int(10) unsigned default NULL,
  `MaxFPS` decimal(5,3) default NULL,
  `Controllable` tinyint(3) unsigned NOT NULL default '0',
  `ControlId` varchar(16) default NULL,
  `ControlDevice` varchar(255) default NULL,
  `ControlAddress` varchar(255) default NULL,
  `DefaultRate` smallint(5) unsigned NOT NULL default '100',
  `DefaultScale` VARCHAR(16) NOT NULL default '0',
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE `Monitors` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `Deleted` BOOLEAN NOT NULL default false,
  `Notes` TEXT,
  `ServerId` int(10) unsigned,
  `StorageId`	smallint(5) unsigned default 0,
  `ManufacturerId`  int unsigned, FOREIGN KEY (`ManufacturerId`) REFERENCES `Manufacturers` (Id),
  `ModelId`  int unsigned, FOREIGN KEY (`ModelId`) REFERENCES `Models` (Id),
  `Type` enum('Local','Remote','File','Ffmpeg','Libvlc','cURL','WebSite','NVSocket','VNC') NOT NULL default 'Local',
  `Function` enum('None','Monitor','Modect','Record','Mocord','Nodect') NOT NULL default 'Monitor',
  `Capturing` enum('None','Ondemand', 'Always') NOT NULL default 'Always',
  `Analysing` enum('None','Always') NOT NULL default 'Always',
  `AnalysisSource` enum('Primary','Secondary') NOT NULL DEFAULT 'Primary',
  `AnalysisImage` enum('FullColour','YChannel') NOT NULL DEFAULT 'FullColour',
  `AnalysisImageOpacity` TINYINT UNSIGNED NOT NULL DEFAULT '128',
  `ObjectDetection` VARCHAR(16) NOT NULL DEFAULT 'none',
  `ObjectDetectionModel` VARCHAR(255) NOT NULL DEFAULT '',
  `ObjectDetectionObjectThreshold` FLOAT NOT NULL DEFAULT 0.4,
  `ObjectDetectionNMSThreshold` FLOAT NOT NULL DEFAULT 0.25,
  `Recording` enum('None', 'OnMotion', 'Always') NOT NULL default 'Always',
  `Enabled` tinyint(3) unsigned NOT NULL default '1',
  `DecodingEnabled` tinyint(3) unsigned NOT NULL default '1',
  `Decoding` enum('None','Ondemand','KeyFrames','KeyFrames+Ondemand', 'Always') NOT NULL default 'Always',
  `WhatDisplay` enum('OnlyVideo','OnlyAudioVisualization','VideoAudioVisualization') NOT NULL default 'OnlyVideo',
  `RTSP2WebEnabled` BOOLEAN NOT NULL default false,
  `RTSP2WebType` enum('HLS','MSE','WebRTC') NOT NULL default 'WebRTC',
  `DefaultPlayer` VARCHAR(64),
  `StreamChannel` enum('Restream','CameraDirectPrimary','CameraDirectSecondary') NOT NULL DEFAULT 'Restream',
  `Go2RTCEnabled` BOOLEAN NOT NULL default false,
  `JanusEnabled` BOOLEAN NOT NULL default false,
  `JanusAudioEnabled` BOOLEAN NOT NULL default false,
  `Janus_Profile_Override` VARCHAR(30) NOT NULL DEFAULT '',
  `Restream` BOOLEAN NOT NULL default false,
  `RTSP_User` INT(10),
  `Janus_RTSP_Session_Timeout` INT(10) NOT NULL DEFAULT '0',
  `LinkedMonitors` varchar(255),
  `Triggers` set('X10') NOT NULL default '',
  `EventStartCommand` VARCHAR(255) NOT NULL DEFAULT '',
  `EventEndCommand` VARCHAR(255) NOT NULL DEFAULT '',
  `ONVIF_URL` VARCHAR(255) NOT NULL DEFAULT '',
  `ONVIF_Events_Path` varchar(20) DEFAULT '/Events' NOT NULL,
  `ONVIF_Username` VARCHAR(64) NOT NULL DEFAULT '',
  `ONVIF_Password` VARCHAR(64) NOT NULL DEFAULT '',
  `ONVIF_Options` VARCHAR(255) NOT NULL DEFAULT '',
  `ONVIF_Event_Listener`  BOOLEAN NOT NULL DEFAULT FALSE,
  `ONVIF_Alarm_Text` VARCHAR(30) DEFAULT 'MotionAlarm',
  `use_Amcrest_API`  BOOLEAN NOT NULL DEFAULT FALSE,
  `Device` tinytext NOT NULL default '',
  `Channel` tinyint(3) unsigned NOT NULL default '0',
  `Format` int(10) unsigned NOT NULL default '0',
  `V4LMultiBuffer`	tinyint(1) unsigned,
  `V4LCapturesPerFrame`	tinyint(3) unsigned,
  `Protocol` varchar(16),
  `Method` varchar(16) default '',
  `Host` varchar(64),
  `Port` varchar(8) NOT NULL default '',
  `SubPath` varchar(64) NOT NULL default '',
  `Path` varchar(255),
  `SecondPath` varchar(255),
  `Options` varchar(255),
  `User` varchar(64),
  `Pass` varchar(64),
  `Width` smallint(5) unsigned NOT NULL default '0',
  `Height` smallint(5) unsigned NOT NULL default '0',
  `Colours` tinyint(3) unsigned NOT NULL default '1',
  `Palette` int(10) unsigned NOT NULL default '0',
  `Orientation` enum('ROTATE_0','ROTATE_90','ROTATE_180','ROTATE_270','FLIP_HORI','FLIP_VERT') NOT NULL default 'ROTATE_0',
  `Deinterlacing` int(10) unsigned NOT NULL default '0',
  `Decoder`     varchar(32),
  `DecoderHWAccelName`  varchar(64),
  `DecoderHWAccelDevice`  varchar(255),
  `SaveJPEGs` TINYINT NOT NULL DEFAULT '3' ,
  `VideoWriter` TINYINT NOT NULL DEFAULT '0',
  `OutputCodec` int(10) unsigned NOT NULL default 0, /* Deprecated */
  `OutputCodecName` varchar(32) NOT NULL default 'auto',
  `Encoder`     varchar(32),
  `EncoderHWAccelName`  varchar(64),
  `EncoderHWAccelDevice`  varchar(255),
  `OutputContainer` enum('auto','mp4','mkv','webm'),
  `EncoderParameters` TEXT,
  `WallClockTimestamps` TINYINT NOT NULL DEFAULT '0',
  `RecordAudio` TINYINT NOT NULL DEFAULT '0',
  `RecordingSource`  enum('Primary','Secondary','Both') NOT NULL DEFAULT 'Primary',
  `RTSPDescribe` tinyint(1) unsigned,
  `Brightness` mediumint(7) NOT NULL default '-1',
  `Contrast` mediumint(7) NOT NULL default '-1',
  `Hue` mediumint(7) NOT NULL default '-1',
  `Colour` mediumint(7) NOT NULL default '-1',
  `EventPrefix` varchar(32) NOT NULL default 'Event-',
  `LabelFormat` varchar(64),
  `LabelX` smallint(5) unsigned NOT NULL default '0',
  `LabelY` smallint(5) unsigned NOT NULL default '0',
  `LabelSize` smallint(5) unsigned NOT NULL DEFAULT '1',
  `ImageBufferCount` smallint(5) unsigned NOT NULL default '3',
  `MaxImageBufferCount` smallint(5) unsigned NOT NULL default '0',
  `WarmupCount` smallint(5) unsigned NOT NULL default '0',
  `PreEventCount` smallint(5) unsigned NOT NULL default '10',
  `PostEventCount` smallint(5) unsigned NOT NULL default '10',
  `StreamReplayBuffer` int(10) unsigned NOT NULL default '0',
  `AlarmFrameCount` smallint(5) unsigned NOT NULL default '1',
  `SectionLength` int(10) unsigned NOT NULL default '600',
  `SectionLengthWarn` boolean NOT NULL default true,
  `EventCloseMode`  enum('system','time', 'duration', 'idle', 'alarm') NOT NULL DEFAULT 'system',
  `MinSectionLength` int(10) unsigned NOT NULL default '10',
  `FrameSkip` smallint(5) unsigned NOT NULL default '0',
  `MotionFrameSkip` smallint(5) unsigned NOT NULL default '0',
  `AnalysisFPSLimit` decimal(5,2) default NULL,
  `AnalysisUpdateDelay` smallint(5) unsigned NOT NULL default '0',
  `MaxFPS` decimal(5,2) default NULL,
  `AlarmMaxFPS` decimal(5,2) default NULL,
  `FPSReportInterval` smallint(5) unsigned NOT NULL default '250',
  `RefBlendPerc` tinyint(3) unsigned NOT NULL default '6',
  `AlarmRefBlendPerc` tinyint(3) unsigned NOT NULL default '6',
  `Controllable` tinyint(3) unsigned NOT NULL default '0',
  `ControlId` int(10) unsigned,
  `ControlDevice` varchar(255) default NULL,
  `ControlAddress` varchar(255) default NULL,
  `AutoStopTimeout` decimal(5,2) default NULL,
  `TrackMotion` tinyint(3) unsigned NOT NULL default '0',
  `TrackDelay` smallint(5) unsigned,
  `ReturnLocation` tinyint(3) NOT NULL default '-1',
  `ReturnDelay` smallint(5) unsigned,
  `ModectDuringPTZ` tinyint(3) unsigned NOT NULL default '0',
  `DefaultRate` smallint(5) unsigned NOT NULL default '100',
  `DefaultScale` VARCHAR(16) NOT NULL default '0',
  `DefaultCodec` enum('auto','MP4','MJPEG') NOT NULL default 'auto',
  `SignalCheckPoints` INT UNSIGNED NOT NULL default '0',
  `SignalCheckColour` varchar(32) NOT NULL default '#0000BE',
  `WebColour` varchar(32) NOT NULL default 'red',
  `Exif` tinyint(1) unsigned NOT NULL default '0',
  `Sequence` smallint(5) unsigned default NULL,
  `ZoneCount` TINYINT NOT NULL DEFAULT 0,
  `Refresh` int(10) unsigned default NULL,
  `Latitude`  DECIMAL(10,8),
  `Longitude`  DECIMAL(11,8),
  `RTSPServer`  BOOLEAN NOT NULL DEFAULT FALSE,
  `RTSPStreamName`  varchar(255) NOT NULL default '',
  `SOAP_wsa_compl` BOOLEAN NOT NULL default TRUE,
  `Importance`  enum('Normal','Less','Not') NOT NULL default 'Normal',
  `MQTT_Enabled`  BOOLEAN NOT NULL DEFAULT false,
  `MQTT_Subscriptions`  varchar(255) default '',
  `StartupDelay`  INT NOT NULL DEFAULT 0,
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE INDEX `Monitors_ServerId_idx` ON `Monitors` (`ServerId`);
CREATE TABLE `Monitor_Status` (
  `MonitorId` int(10) unsigned NOT NULL,
  `Status`  enum('Unknown','NotRunning','Running','Connected','Signal') NOT NULL default 'Unknown',
  `CaptureFPS`  DECIMAL(10,2) NOT NULL default 0,
  `AnalysisFPS`  DECIMAL(5,2) NOT NULL default 0,
  `CaptureBandwidth`  INT NOT NULL default 0,
  `UpdatedOn`     TIMESTAMP NOT NULL default CURRENT_TIMESTAMP,
  PRIMARY KEY (`MonitorId`)
) ENGINE=InnoDB;
CREATE INDEX Monitor_Status_UpdatedOn_idx on Monitor_Status(UpdatedOn);
CREATE TABLE `Event_Summaries` (
  `MonitorId` int(10) unsigned NOT NULL,
  `TotalEvents` int(10) default NULL,
  `TotalEventDiskSpace` bigint default NULL,
  `HourEvents` int(10) default NULL,
  `HourEventDiskSpace` bigint default NULL,
  `DayEvents` int(10) default NULL,
  `DayEventDiskSpace` bigint default NULL,
  `WeekEvents` int(10) default NULL,
  `WeekEventDiskSpace` bigint default NULL,
  `MonthEvents` int(10) default NULL,
  `MonthEventDiskSpace` bigint default NULL,
  `ArchivedEvents` int(10) default NULL,
  `ArchivedEventDiskSpace` bigint default NULL,
  PRIMARY KEY (`MonitorId`)
) ENGINE=InnoDB;
CREATE TABLE `States` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `Definition` text NOT NULL,
  `IsActive` tinyint(3) unsigned NOT NULL default '0',
  PRIMARY KEY (`Id`),
  UNIQUE KEY (`Name`)
) ENGINE=InnoDB;
CREATE TABLE `Servers` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Protocol`  TEXT,
  `Hostname` TEXT,
  `Port`      INTEGER UNSIGNED,
  `PathToIndex`  TEXT,
  `PathToZMS`  TEXT,
  `PathToApi`  TEXT,
  `Name` varchar(64) NOT NULL default '',
  `State_Id`	int(10) unsigned,
  `Status` enum('Unknown','NotRunning','Running') NOT NULL default 'Unknown',
  `CpuLoad` DECIMAL(5,1) default NULL,
  `CpuUserPercent` DECIMAL(5,1) default NULL,
  `CpuNicePercent` DECIMAL(5,1) default NULL,
  `CpuSystemPercent` DECIMAL(5,1) default NULL,
  `CpuIdlePercent` DECIMAL(5,1) default NULL,
  `CpuUsagePercent` DECIMAL(5,1) default NULL,
  `TotalMem` bigint unsigned default null,
  `FreeMem` bigint unsigned default null,
  `TotalSwap` bigint  unsigned default null,
  `FreeSwap` bigint unsigned default null, 
  `zmstats`  BOOLEAN NOT NULL DEFAULT FALSE,
  `zmaudit`  BOOLEAN NOT NULL DEFAULT FALSE,
  `zmtrigger`  BOOLEAN NOT NULL DEFAULT FALSE,
  `zmeventnotification`  BOOLEAN NOT NULL DEFAULT FALSE,
  `Latitude`  DECIMAL(10,8),
  `Longitude`  DECIMAL(11,8),
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE INDEX `Servers_Name_idx` ON `Servers` (`Name`);
CREATE TABLE `Server_Stats` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `ServerId`  int(10) unsigned,
  `TimeStamp` timestamp NOT NULL default CURRENT_TIMESTAMP on update CURRENT_TIMESTAMP,
  `CpuLoad` DECIMAL(5,1) default NULL,
  `CpuUserPercent` DECIMAL(5,1) default NULL,
  `CpuNicePercent` DECIMAL(5,1) default NULL,
  `CpuSystemPercent` DECIMAL(5,1) default NULL,
  `CpuIdlePercent` DECIMAL(5,1) default NULL,
  `CpuUsagePercent` DECIMAL(5,1) default NULL,
  `TotalMem` bigint unsigned default null,
  `FreeMem` bigint unsigned default null,
  `TotalSwap` bigint  unsigned default null,
  `FreeSwap` bigint unsigned default null, 
  PRIMARY KEY (Id)
);
CREATE INDEX `Server_Stats_TimeStamp_idx` ON `Server_Stats` (`TimeStamp`);
CREATE INDEX `Server_Stats_ServerId_idx` ON `Server_Stats` (`ServerId`, `TimeStamp`);
CREATE TABLE `Stats` (
  `Id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `MonitorId` int(10) unsigned NOT NULL default '0',
  /* FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE, */
  `ZoneId` int(10) unsigned NOT NULL default '0',
  /* FOREIGN KEY (`ZoneId`) REFERENCES `Zones` (`Id`) ON DELETE CASCADE, */
  `EventId` BIGINT UNSIGNED NOT NULL,
  /* FOREIGN KEY (`EventId`) REFERENCES `Events` (`Id`) ON DELETE CASCADE, */
  `FrameId` int(10) unsigned NOT NULL default '0',
  `PixelDiff` tinyint(3) unsigned NOT NULL default '0',
  `AlarmPixels` int(10) unsigned NOT NULL default '0',
  `FilterPixels` int(10) unsigned NOT NULL default '0',
  `BlobPixels` int(10) unsigned NOT NULL default '0',
  `Blobs` smallint(5) unsigned NOT NULL default '0',
  `MinBlobSize` int(10) unsigned NOT NULL default '0',
  `MaxBlobSize` int(10) unsigned NOT NULL default '0',
  `MinX` smallint(5) unsigned NOT NULL default '0',
  `MaxX` smallint(5) unsigned NOT NULL default '0',
  `MinY` smallint(5) unsigned NOT NULL default '0',
  `MaxY` smallint(5) unsigned NOT NULL default '0',
  `Score` smallint(5) unsigned NOT NULL default '0',
  PRIMARY KEY (`Id`),
  KEY `EventId_ZoneId` (`EventId`, `ZoneId`),
  KEY `MonitorId` (`MonitorId`),
  KEY `ZoneId` (`ZoneId`)
) ENGINE=InnoDB;
CREATE TABLE `TriggersX10` (
  `MonitorId` int(10) unsigned NOT NULL default '0',
  `Activation` varchar(32) default NULL,
  `AlarmInput` varchar(32) default NULL,
  `AlarmOutput` varchar(32) default NULL,
  PRIMARY KEY (`MonitorId`)
) ENGINE=InnoDB;
CREATE TABLE `User_Roles` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `Description` text,
  `Stream` enum('None','View') NOT NULL default 'None',
  `Events` enum('None','View','Edit') NOT NULL default 'None',
  `Control` enum('None','View','Edit') NOT NULL default 'None',
  `Monitors` enum('None','View','Edit','Create') NOT NULL default 'None',
  `Groups` enum('None','View','Edit') NOT NULL default 'None',
  `Devices` enum('None','View','Edit') NOT NULL default 'None',
  `Snapshots` enum('None','View','Edit') NOT NULL default 'None',
  `System` enum('None','View','Edit') NOT NULL default 'None',
  PRIMARY KEY (`Id`),
  UNIQUE KEY `UC_Name` (`Name`)
) ENGINE=InnoDB;
CREATE TABLE `Users` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Username` varchar(64) character set latin1 collate latin1_bin NOT NULL default '',
  `Password` varchar(64) NOT NULL default '',
  `Name`     varchar(64) NOT NULL default '',
  `Email`    varchar(64) NOT NULL default '',
  `Phone`    varchar(64) NOT NULL default '',/* Space for 2 numbers, country codes, etc */
  `Language` varchar(8),
  `Enabled` tinyint(3) unsigned NOT NULL default '1',
  `Stream` enum('None','View') NOT NULL default 'None',
  `Events` enum('None','View','Edit') NOT NULL default 'None',
  `Control` enum('None','View','Edit') NOT NULL default 'None',
  `Monitors` enum('None','View','Edit','Create') NOT NULL default 'None',
  `Groups` enum('None','View','Edit') NOT NULL default 'None',
  `Devices` enum('None','View','Edit') NOT NULL default 'None',
  `Snapshots` enum('None','View','Edit') NOT NULL default 'None',
  `System` enum('None','View','Edit') NOT NULL default 'None',
  `MaxBandwidth` varchar(16),
  `TokenMinExpiry`   BIGINT UNSIGNED NOT NULL DEFAULT 0,
  `APIEnabled`  tinyint(3) UNSIGNED NOT NULL default 1,
  `HomeView`  varchar(64) NOT NULL DEFAULT '',
  `RoleId` int(10) unsigned DEFAULT NULL,
  PRIMARY KEY (`Id`),
  UNIQUE KEY `UC_Username` (`Username`),
  FOREIGN KEY (`RoleId`) REFERENCES `User_Roles` (`Id`) ON DELETE SET NULL
) ENGINE=InnoDB;
CREATE TABLE `User_Preferences` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `UserId` int(10) unsigned NOT NULL,
  FOREIGN KEY (UserId) REFERENCES Users(Id),
  `Name`  varchar(64) NOT NULL,
  `Value` TEXT,
  PRIMARY KEY (Id)
);
-- A user has at most one value per preference name. This also serves
-- UserId-only lookups (and the UserId foreign key) as a leftmost prefix, so
-- no separate UserId index is needed.
CREATE UNIQUE INDEX User_Preferences_UserId_Name_idx on User_Preferences (`UserId`, `Name`);
CREATE TABLE `ZonePresets` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL default '',
  `Type` enum('Active','Inclusive','Exclusive','Preclusive','Inactive','Privacy') NOT NULL default 'Active',
  `Units` enum('Pixels','Percent') NOT NULL default 'Percent',
  `CheckMethod` enum('AlarmedPixels','FilteredPixels','Blobs') NOT NULL default 'Blobs',
  `MinPixelThreshold` smallint(5) unsigned default NULL,
  `MaxPixelThreshold` smallint(5) unsigned default NULL,
  `MinAlarmPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxAlarmPixels` DECIMAL(10,2) unsigned default NULL,
  `FilterX` tinyint(3) unsigned default NULL,
  `FilterY` tinyint(3) unsigned default NULL,
  `MinFilterPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxFilterPixels` DECIMAL(10,2) unsigned default NULL,
  `MinBlobPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxBlobPixels` DECIMAL(10,2) unsigned default NULL,
  `MinBlobs` smallint(5) unsigned default NULL,
  `MaxBlobs` smallint(5) unsigned default NULL,
  `OverloadFrames` smallint(5) unsigned NOT NULL default '0',
  `ExtendAlarmFrames` smallint(5) unsigned not null default 0,
  PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE `Zones` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `MonitorId` int(10) unsigned NOT NULL default '0',
  FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE,
  `Name` varchar(64) NOT NULL default '',
  `Type` enum('Active','Inclusive','Exclusive','Preclusive','Inactive','Privacy') NOT NULL default 'Active',
  `Units` enum('Pixels','Percent') NOT NULL default 'Percent',
  `NumCoords` tinyint(3) unsigned NOT NULL default '0',
  `Coords` tinytext NOT NULL,
  `Area` int(10) unsigned NOT NULL default '0',
  `AlarmRGB` int(10) unsigned default '0',
  `CheckMethod` enum('AlarmedPixels','FilteredPixels','Blobs') NOT NULL default 'Blobs',
  `MinPixelThreshold` smallint(5) unsigned default NULL,
  `MaxPixelThreshold` smallint(5) unsigned default NULL,
  `MinAlarmPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxAlarmPixels` DECIMAL(10,2) unsigned default NULL,
  `FilterX` tinyint(3) unsigned default NULL,
  `FilterY` tinyint(3) unsigned default NULL,
  `MinFilterPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxFilterPixels` DECIMAL(10,2) unsigned default NULL,
  `MinBlobPixels` DECIMAL(10,2) unsigned default NULL,
  `MaxBlobPixels` DECIMAL(10,2) unsigned default NULL,
  `MinBlobs` smallint(5) unsigned default NULL,
  `MaxBlobs` smallint(5) unsigned default NULL,
  `OverloadFrames` smallint(5) unsigned NOT NULL default '0',
  `ExtendAlarmFrames` smallint(5) unsigned not null default 0,
  PRIMARY KEY (`Id`),
  KEY `MonitorId` (`MonitorId`)
) ENGINE=InnoDB;
CREATE TABLE `Storage` (
	`Id`	smallint(5) unsigned NOT NULL auto_increment,
	`Path`	varchar(64)	NOT NULL default '',
	`Name`	varchar(64) NOT NULL default '',
	`Type`	enum('local','s3fs') NOT NULL default 'local',
  `Url` varchar(255) default NULL,
  `DiskSpace`   bigint default NULL,
  `Scheme`   enum('Deep','Medium','Shallow') NOT NULL default 'Medium',
  `ServerId` int(10) unsigned,
  `DoDelete`  BOOLEAN NOT NULL DEFAULT true,
  `Enabled`  BOOLEAN NOT NULL DEFAULT true,
	PRIMARY KEY (`Id`)
) ENGINE=InnoDB;
CREATE TABLE Maps (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name`      VARCHAR(64) NOT NULL,
  `Filename`  VARCHAR(64) NOT NULL default '',
  `NumCoords` tinyint(3) unsigned NOT NULL default '0',
  `Coords` tinytext NOT NULL,
  `ParentId`   int(1) unsigned,
  PRIMARY KEY (`Id`)
);
CREATE TABLE MontageLayouts (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name`    TEXT  NOT NULL,
  `UserId`  int(10) UNSIGNED NOT NULL default 0,
  `Positions` LONGTEXT,
  /*`Positions` JSON,*/
  PRIMARY KEY (`Id`)
);
CREATE TABLE Sessions (
  id char(32) not null,
  access INT(10) UNSIGNED DEFAULT NULL,
  data text,
  PRIMARY KEY(id),
  KEY `Sessions_access_idx` (`access`)
) ENGINE=InnoDB;
CREATE TABLE Snapshots (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name`  VARCHAR(64),
  `Description` TEXT,
  `CreatedBy`   int(10),
  `CreatedOn`   datetime default NULL,
  PRIMARY KEY(Id)
) ENGINE=InnoDB;
CREATE TABLE Snapshots_Events (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `SnapshotId` int(10) unsigned NOT NULL,
  FOREIGN KEY (`SnapshotId`) REFERENCES `Snapshots` (`Id`) ON DELETE CASCADE,
  `EventId`    bigint unsigned NOT NULL,
  FOREIGN KEY (`EventId`) REFERENCES `Events` (`Id`) ON DELETE CASCADE,
  KEY `Snapshots_Events_SnapshotId_idx` (`SnapshotId`),
  PRIMARY KEY(Id)
) ENGINE=InnoDB;
CREATE TABLE Reports (
  Id INT(10) UNSIGNED auto_increment,
  Name varchar(30),
  FilterId int(10) UNSIGNED,
  `StartDateTime` datetime default NULL,
  `EndDateTime` datetime default NULL,
  `Interval`  INT(10) UNSIGNED,
  `CreatedBy` int(10) unsigned,
  PRIMARY KEY(Id)
) ENGINE=InnoDB;
CREATE TABLE `Tags` (
  `Id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `Name` varchar(64) CHARACTER SET latin1 COLLATE latin1_bin NOT NULL DEFAULT '',
  `CreateDate` TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  `CreatedBy` int(10) unsigned,
  `LastAssignedDate` dateTime,
  PRIMARY KEY (`Id`),
  UNIQUE(`Name`)
) ENGINE=InnoDB;
CREATE TABLE `Events_Tags` (
  `TagId` bigint(20) unsigned NOT NULL,
  `EventId` bigint(20) unsigned NOT NULL,
  `AssignedDate` TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  `AssignedBy` int(10) unsigned,
  PRIMARY KEY (`TagId`, `EventId`),
  CONSTRAINT `Events_Tags_ibfk_1` FOREIGN KEY (`TagId`) REFERENCES `Tags` (`Id`) ON DELETE CASCADE,
  CONSTRAINT `Events_Tags_ibfk_2` FOREIGN KEY (`EventId`) REFERENCES `Events` (`Id`) ON DELETE CASCADE
) ENGINE=InnoDB;
CREATE TABLE `Notifications` (
  `Id`              int unsigned    NOT NULL AUTO_INCREMENT,
  `UserId`          int unsigned    DEFAULT NULL,
  `Token`           varchar(512)    NOT NULL,
  `Platform`        enum('android','ios','web') NOT NULL,
  `MonitorList`     text            DEFAULT NULL,
  `Interval`        int unsigned    NOT NULL DEFAULT 0,
  `PushState`       enum('enabled','disabled') NOT NULL DEFAULT 'enabled',
  `AppVersion`      varchar(32)     DEFAULT NULL,
  `Profile`         varchar(128)    DEFAULT NULL,
  `BadgeCount`      int             NOT NULL DEFAULT 0,
  `LastNotifiedAt`  datetime        DEFAULT NULL,
  `CreatedOn`       datetime        DEFAULT NULL,
  `UpdatedOn`       timestamp       NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`Id`),
  UNIQUE KEY `Notifications_Token_idx` (`Token`),
  KEY `Notifications_UserId_idx` (`UserId`),
  CONSTRAINT `Notifications_ibfk_1` FOREIGN KEY (`UserId`) REFERENCES `Users` (`Id`) ON DELETE CASCADE
) ENGINE=InnoDB;
CREATE TABLE `Menu_Items` (
  `Id`        int(10) unsigned NOT NULL AUTO_INCREMENT,
  `MenuKey`   varchar(32) NOT NULL,
  `Enabled`   tinyint(1) NOT NULL DEFAULT 1,
  `Label`     varchar(64) DEFAULT NULL,
  `SortOrder` smallint NOT NULL DEFAULT 0,
  `Icon`      varchar(128) DEFAULT NULL,
  `IconType`  enum('material','fontawesome','image','none') NOT NULL DEFAULT 'material',
  `Link`      varchar(255) DEFAULT NULL,
  PRIMARY KEY (`Id`),
  UNIQUE KEY `Menu_Items_MenuKey_idx` (`MenuKey`)
) ENGINE=InnoDB;
-- ==== inlined from db/Object_Types.sql (sourced here by zm_create.sql.in)
CREATE TABLE Object_Types (
	Id	int(10) NOT NULL AUTO_INCREMENT,
	Name	varchar(32) UNIQUE,
	Human	TEXT,
	PRIMARY KEY (Id)
);
-- We generally don't alter triggers, we drop and re-create them, so let's keep them in a separate file that we can just source in update scripts.
-- (source db/triggers.sql omitted: triggers)
-- (source db/manufacturers.sql omitted: seed data only)
-- (source db/models.sql omitted: seed data only)
-- AI object-detection data model: tables then the COCO 2017 seed.
-- ==== inlined from db/AI_Models.sql (sourced here by zm_create.sql.in)
--
-- Add AI Models tables for ZoneMinder
--

-- AI Datasets table - stores datasets like COCO, ImageNet, etc.
CREATE TABLE IF NOT EXISTS `AI_Datasets` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL,
  `Description` TEXT,
  `Version` varchar(32),
  `NumClasses` int(10) unsigned NOT NULL,
  PRIMARY KEY (`Id`),
  UNIQUE KEY `AI_Datasets_Name_idx` (`Name`)
) ENGINE=InnoDB;
-- AI Models table - stores AI model implementations
CREATE TABLE IF NOT EXISTS `AI_Models` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `Name` varchar(64) NOT NULL,
  `Description` TEXT,
  `ModelPath` varchar(255),
  `Framework` enum('TensorFlow','PyTorch','ONNX','OpenVINO','TensorRT','Other') NOT NULL default 'ONNX',
  `Version` varchar(32),
  `DatasetId` int(10) unsigned,
  `Enabled` tinyint(1) unsigned NOT NULL default 0,
  PRIMARY KEY (`Id`),
  UNIQUE KEY `AI_Models_Name_idx` (`Name`),
  FOREIGN KEY (`DatasetId`) REFERENCES `AI_Datasets` (`Id`) ON DELETE SET NULL
) ENGINE=InnoDB;
-- AI Object Classes table - stores object classes from datasets
CREATE TABLE IF NOT EXISTS `AI_Object_Classes` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `DatasetId` int(10) unsigned NOT NULL,
  `ClassName` varchar(64) NOT NULL,
  `ClassIndex` int(10) unsigned NOT NULL,
  `Description` TEXT,
  PRIMARY KEY (`Id`),
  KEY `AI_Object_Classes_DatasetId_idx` (`DatasetId`),
  UNIQUE KEY `AI_Object_Classes_Dataset_Class_idx` (`DatasetId`, `ClassName`),
  FOREIGN KEY (`DatasetId`) REFERENCES `AI_Datasets` (`Id`) ON DELETE CASCADE
) ENGINE=InnoDB;
-- AI Detection Settings table - stores detection settings per monitor and object class
CREATE TABLE IF NOT EXISTS `AI_Detection_Settings` (
  `Id` int(10) unsigned NOT NULL auto_increment,
  `MonitorId` int(10) unsigned NULL,
  `ObjectClassId` int(10) unsigned NOT NULL,
  `Enabled` tinyint(1) unsigned NOT NULL default 1,
  `ReportDetection` tinyint(1) unsigned NOT NULL default 1,
  `ConfidenceThreshold` tinyint(3) unsigned NOT NULL default 50,
  `BoxColor` varchar(7) NOT NULL default '#FF0000',
  PRIMARY KEY (`Id`),
  KEY `AI_Detection_Settings_MonitorId_idx` (`MonitorId`),
  KEY `AI_Detection_Settings_ObjectClassId_idx` (`ObjectClassId`),
  UNIQUE KEY `AI_Detection_Settings_Monitor_Object_idx` (`MonitorId`, `ObjectClassId`),
  FOREIGN KEY (`MonitorId`) REFERENCES `Monitors` (`Id`) ON DELETE CASCADE,
  FOREIGN KEY (`ObjectClassId`) REFERENCES `AI_Object_Classes` (`Id`) ON DELETE CASCADE
) ENGINE=InnoDB;
-- AI Detections table - stores actual detection results
CREATE TABLE IF NOT EXISTS `AI_Detections` (
  `Id` BIGINT unsigned NOT NULL auto_increment,
  `EventId` BIGINT unsigned NOT NULL,
  `FrameId` BIGINT unsigned,
  `ObjectClassId` int(10) unsigned NOT NULL,
  `Confidence` decimal(5,4) NOT NULL,
  `BoundingBoxX` int(10) unsigned,
  `BoundingBoxY` int(10) unsigned,
  `BoundingBoxWidth` int(10) unsigned,
  `BoundingBoxHeight` int(10) unsigned,
  `DetectedAt` TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (`Id`),
  KEY `AI_Detections_EventId_idx` (`EventId`),
  KEY `AI_Detections_FrameId_idx` (`FrameId`),
  KEY `AI_Detections_ObjectClassId_idx` (`ObjectClassId`),
  FOREIGN KEY (`EventId`) REFERENCES `Events` (`Id`) ON DELETE CASCADE,
  FOREIGN KEY (`FrameId`) REFERENCES `Frames` (`Id`) ON DELETE SET NULL,
  FOREIGN KEY (`ObjectClassId`) REFERENCES `AI_Object_Classes` (`Id`) ON DELETE CASCADE
) ENGINE=InnoDB;


SET FOREIGN_KEY_CHECKS=1;
