<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="14"/>
        <source>DICOM Application Host</source>
        <translation>Hostitel aplikace DICOM</translation>
    </message>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="37"/>
        <source>CTK Example Hosting Application</source>
        <translation>Ukázková hostingová aplikace CTK</translation>
    </message>
</context>
</TS>
