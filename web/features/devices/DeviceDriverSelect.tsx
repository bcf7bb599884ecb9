import type { Device } from '@common/devices/devices.schema';
import { Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { driverLabel, useDriverSearch } from '../drivers';

interface DeviceDriverSelectProps {
  value: number | null;
  /** The driver the device has now: shown even when the search does not list him. */
  current: Device['driver'];
  onChange: (driverId: number | null) => void;
  error?: string;
}

/** The device's driver: a server search of the company's drivers (call sign or name). */
export function DeviceDriverSelect({ value, current, onChange, error }: DeviceDriverSelectProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const { drivers, isFetching } = useDriverSearch(search);
  const options = useMemo(() => {
    const list = drivers.map((driver) => ({
      value: String(driver.id),
      label: driverLabel(driver),
    }));
    const extra = [
      picked,
      current
        ? {
            value: String(current.id),
            label: current.indicativ ? `${current.indicativ} · ${current.name}` : current.name,
          }
        : null,
    ];
    for (const option of extra) {
      if (option && !list.some((o) => o.value === option.value)) list.unshift(option);
    }
    return list;
  }, [drivers, current, picked]);

  return (
    <Select
      label="Șofer"
      placeholder="Indicativ sau nume"
      searchable
      clearable
      data={options}
      value={value === null ? null : String(value)}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Se caută…' : 'Niciun șofer găsit'}
      error={error}
      data-testid="device-driver"
      comboboxProps={{ withinPortal: false }}
      onChange={(next, option) => {
        setPicked(next === null || !option ? null : { value: option.value, label: option.label });
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
