<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ" sourcelanguage="en">
  <context>
    <name>PartitionPage</name>
    <message>
      <location filename="../src/modules/partition/PartitionPage.cpp" line="58"/>
      <source>Select storage de&amp;vice:</source>
      <comment>@label</comment>
      <translation>Vyberte úložné &amp;zařízení:</translation>
    </message>
    <message>
      <location filename="../src/modules/partition/PartitionPage.cpp" line="74"/>
      <source>Erase disk</source>
      <comment>@option</comment>
      <translation>Vymazat disk</translation>
    </message>
    <message numerus="yes">
      <location filename="../src/modules/partition/PartitionPage.cpp" line="90"/>
      <source>%n partition(s) will be deleted.</source>
      <comment>@info</comment>
      <translation>
        <numerusform>Bude smazán %n oddíl.</numerusform>
        <numerusform>Budou smazány %n oddíly.</numerusform>
        <numerusform>Bude smazáno %n oddílů.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ProgressPage</name>
    <message>
      <location filename="../src/ui/ProgressPage.cpp" line="33"/>
      <source>Installing…</source>
      <comment>@status</comment>
      <translation>Instalace…</translation>
    </message>
    <message numerus="yes">
      <location filename="../src/ui/ProgressPage.cpp" line="52"/>
      <source>About %n minute(s) left</source>
      <comment>@status</comment>
      <translation type="unfinished">
        <numerusform>Zbývá asi %n minuta</numerusform>
        <numerusform>Zbývají asi %n minuty</numerusform>
        <numerusform></numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>UsersPage</name>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="12"/>
      <source>What is your name?</source>
      <translation>Jak se jmenujete?</translation>
    </message>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="20"/>
      <source>Your password must be at least %1 characters long.</source>
      <comment>@info</comment>
      <translation type="unfinished"></translation>
    </message>
    <message>
      <location filename="../src/modules/users/UsersPage.ui" line="40"/>
      <source>Passwords do not match!</source>
      <translatorcomment>Vykřičník ponechat.</translatorcomment>
      <translation type="vanished">Hesla se neshodují!</translation>
    </message>
  </context>
</TS>
