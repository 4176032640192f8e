<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="14"/>
        <source>DICOM Application Host</source>
        <translation>DICOM 应用程序主机</translation>
    </message>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="37"/>
        <source>CTK Example Hosting Application</source>
        <translation>CTK 示例托管应用程序</translation>
    </message>
</context>
</TS>
