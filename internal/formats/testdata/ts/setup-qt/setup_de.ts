<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
  <context>
    <name>PartitionPage</name>
    <message>
      <location filename="../src/modules/partition/PartitionPage.cpp" line="58"/>
      <source>Select storage de&amp;vice:</source>
      <comment>@label</comment>
      <translation>Speicher&amp;medium auswählen:</translation>
    </message>
    <message>
      <location filename="../src/modules/partition/PartitionPage.cpp" line="74"/>
      <source>Erase disk</source>
      <comment>@option</comment>
      <translation>Festplatte löschen</translation>
    </message>
    <message numerus="yes">
      <location filename="../src/modules/partition/PartitionPage.cpp" line="90"/>
      <source>%n partition(s) will be deleted.</source>
      <comment>@info</comment>
      <translation>
        <numerusform>%n Partition wird gelöscht.</numerusform>
        <numerusform>%n Partitionen werden gelöscht.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ProgressPage</name>
    <message>
      <location filename="../src/ui/ProgressPage.cpp" line="33"/>
      <source>Installing…</source>
      <comment>@status</comment>
      <translation>Wird installiert …</translation>
    </message>
    <message>
      <location filename="../src/ui/ProgressPage.cpp" line="40"/>
      <source>%p%</source>
      <extracomment>Progress indicator: %p is replaced by a number from 0 to 100</extracomment>
      <translation>%p %</translation>
    </message>
    <message numerus="yes">
      <location filename="../src/ui/ProgressPage.cpp" line="52"/>
      <source>About %n minute(s) left</source>
      <comment>@status</comment>
      <translation type="unfinished">
        <numerusform>Noch etwa %n Minute</numerusform>
        <numerusform></numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>UsersPage</name>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="12"/>
      <source>What is your name?</source>
      <translation>Wie heißen Sie?</translation>
    </message>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="20"/>
      <source>Your password must be at least %1 characters long.</source>
      <comment>@info</comment>
      <translation>Das Passwort muss mindestens %1 Zeichen lang sein.</translation>
    </message>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="31"/>
      <source>Copyright %1-%2 %3 &lt;%4&gt;</source>
      <extracomment>Copyright year-year Name &lt;email-address&gt;</extracomment>
      <translation>Copyright %1-%2 %3 &lt;%4&gt;</translation>
    </message>
  </context>
</TS>
